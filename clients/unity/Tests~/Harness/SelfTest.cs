using System;
using System.Collections.Generic;
using System.IO;

namespace NavServer.Client.Harness
{
    /// <summary>
    /// Offline checks of the engine-free core (<c>mono NavHarness.exe --self-test</c>): parsing the example lines of
    /// docs/protocol.md and the forward-compatible <c>map_patch</c> and <c>local_nav.slot</c>, writing client lines,
    /// path-following math, the monster state machine, the registry, the grid transform and the NavExport layout.
    /// Prints one line per failure and a <c>self-test:</c> summary; exit 1 on any failure.
    /// </summary>
    internal static partial class SelfTest
    {
        private static int checks;
        private static int failures;

        public static int Run()
        {
            Parsing();
            Writing();
            Following();
            Brain();
            Registry();
            Grid();
            Export();
            Backoff();
            World();
            Redirects();
            Console.WriteLine("self-test: checks=" + checks + " failures=" + failures);
            return failures == 0 ? 0 : 1;
        }

        private static void Check(bool ok, string what)
        {
            checks++;
            if (!ok)
            {
                failures++;
                Console.WriteLine("self-test FAILED: " + what);
            }
        }

        private static bool Near(double a, double b)
        {
            return Math.Abs(a - b) < 1e-9;
        }

        private static bool Near(NavVector3 a, NavVector3 b)
        {
            return Near(a.X, b.X) && Near(a.Y, b.Y) && Near(a.Z, b.Z);
        }

        private static T Parsed<T>(string line) where T : ServerMessage
        {
            ParseResult r = ProtocolParser.Parse(line);
            Check(r.Ok, "parses: " + line + (r.Ok ? "" : " (" + r.Problem + ")"));
            T m = r.Message as T;
            Check(m != null, "parses as " + typeof(T).Name + ": " + line);
            return m;
        }

        private static void Rejected(string line, string fieldInProblem)
        {
            ParseResult r = ProtocolParser.Parse(line);
            Check(!r.Ok && r.Problem.Contains(fieldInProblem), "rejects naming '" + fieldInProblem + "': " + line
                + " -> " + (r.Ok ? "accepted" : r.Problem));
        }

        private static void Parsing()
        {
            var w = Parsed<WelcomeMessage>("{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-1\",\"player\":\"alice\",\"map\":{\"name\":\"arena\",\"origin\":[-30.0,0.0,30.0],\"cellSize\":1.0,\"width\":60,\"height\":60},\"tickHz\":20,\"navIntervalSeconds\":0.5,\"moveThresholdMeters\":0.5,\"localNavDistanceMeters\":4.0}");
            if (w != null)
            {
                Check(w.Session == "s-1" && w.Map.Name == "arena" && w.Map.Width == 60 && w.Map.Height == 60
                    && Near(w.Map.Origin, new NavVector3(-30, 0, 30)) && w.TickHz == 20
                    && Near(w.LocalNavDistanceMeters, 4.0) && w.Id == null, "welcome fields");
            }
            var p = Parsed<NavPathMessage>("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":4,\"playerSeq\":17,\"status\":\"ok\",\"nav_path\":[[10.0,0.0,-5.0],[4.0,0.0,-1.0],[0,0,0]],\"speedMetersPerSecond\":2.0,\"serverTime\":123.456,\"newField\":{\"x\":[1]}}");
            if (p != null)
            {
                Check(p.Monster == "m-9" && p.Seq == 4 && p.PlayerSeq == 17 && p.Status == "ok" && p.Points.Count == 3
                    && Near(p.Points[1], new NavVector3(4, 0, -1)) && Near(p.SpeedMetersPerSecond, 2.0),
                    "nav_path fields (points under the key nav_path, unknown field ignored)");
            }
            Check(w != null && w.Role == null && w.MapVersion == 0 && p != null && p.MapVersion == 0,
                "role and mapVersion absent from an older server");
            var wv = Parsed<WelcomeMessage>("{\"type\":\"welcome\",\"protocol\":1,\"session\":\"s-2\",\"player\":\"gm\",\"map\":{\"name\":\"arena\",\"origin\":[-30.0,0.0,30.0],\"cellSize\":1.0,\"width\":60,\"height\":60},\"tickHz\":20,\"navIntervalSeconds\":0.5,\"moveThresholdMeters\":0.5,\"localNavDistanceMeters\":4.0,\"role\":\"authority\",\"mapVersion\":3}");
            Check(wv != null && wv.Role == "authority" && wv.MapVersion == 3, "welcome role and mapVersion");
            var npv = Parsed<NavPathMessage>("{\"type\":\"nav_path\",\"monster\":\"m-9\",\"seq\":5,\"playerSeq\":17,\"status\":\"ok\",\"nav_path\":[[0,0,0]],\"speedMetersPerSecond\":2.0,\"serverTime\":1.0,\"mapVersion\":2}");
            Check(npv != null && npv.MapVersion == 2, "nav_path mapVersion");
            var qv = Parsed<PathMessage>("{\"type\":\"path\",\"id\":\"q1\",\"status\":\"partial\",\"points\":[[0,0,0],[0,0,29]],\"length\":29.0,\"mapVersion\":2}");
            Check(qv != null && qv.Status == "partial" && qv.MapVersion == 2, "path status partial and mapVersion");
            var ln = Parsed<LocalNavMessage>("{\"type\":\"local_nav\",\"monster\":\"m-9\",\"active\":true}");
            Check(ln != null && ln.Active && !ln.Slot.HasValue, "local_nav without slot");
            var ls = Parsed<LocalNavMessage>("{\"type\":\"local_nav\",\"monster\":\"m-9\",\"active\":true,\"slot\":[1.5,0,-2]}");
            Check(ls != null && ls.Slot.HasValue && Near(ls.Slot.Value, new NavVector3(1.5, 0, -2)), "local_nav slot");
            var mo = Parsed<MonstersMessage>("{\"type\":\"monsters\",\"serverTime\":12.4,\"list\":[{\"monster\":\"m-9\",\"pos\":[9.9,0.0,-4.9],\"state\":\"chase\"}]}");
            Check(mo != null && mo.List.Count == 1 && mo.List[0].State == "chase" && Near(mo.List[0].Pos.X, 9.9), "monsters");
            var mp = Parsed<MapPatchMessage>("{\"type\":\"map_patch\",\"map\":\"arena\",\"version\":8,\"edits\":[{\"cells\":[3,4,2,1],\"terrain\":\"wall\"}]}");
            Check(mp != null && mp.Version == 8 && !mp.Reset && mp.Edits.Count == 1 && mp.Edits[0].Col == 3
                && mp.Edits[0].Row == 4 && mp.Edits[0].Width == 2 && mp.Edits[0].Height == 1
                && mp.Edits[0].Terrain == "wall", "map_patch edits");
            var mr = Parsed<MapPatchMessage>("{\"type\":\"map_patch\",\"map\":\"arena\",\"version\":9,\"reset\":true}");
            Check(mr != null && mr.Reset && mr.Edits.Count == 0, "map_patch reset");
            var pong = Parsed<PongMessage>("{\"type\":\"pong\",\"id\":5,\"serverTime\":13.002}");
            Check(pong != null && pong.Id.Raw == "5", "pong id 5");
            var sp = Parsed<SpawnedMessage>("{\"type\":\"spawned\",\"id\":\"r1\",\"monster\":\"m-9\",\"pos\":[10.0,0.0,-5.0]}");
            Check(sp != null && sp.Id.Raw == "\"r1\"" && sp.Monster == "m-9", "spawned, string id keeps its quotes");
            var path = Parsed<PathMessage>("{\"type\":\"path\",\"id\":\"q1\",\"status\":\"ok\",\"points\":[[0.0,0.0,0.0],[12.0,0.0,5.0]],\"length\":13.0}");
            Check(path != null && path.Points.Count == 2 && Near(path.Length, 13), "path");
            var pv = Parsed<PathValidMessage>("{\"type\":\"path_valid\",\"id\":\"v1\",\"valid\":false,\"badSegment\":3,\"reason\":\"blocked\"}");
            Check(pv != null && !pv.Valid && pv.BadSegment == 3 && pv.Reason == "blocked", "path_valid invalid");
            var pv2 = Parsed<PathValidMessage>("{\"type\":\"path_valid\",\"id\":\"v2\",\"valid\":true}");
            Check(pv2 != null && pv2.Valid && pv2.BadSegment == null, "path_valid valid");
            var err = Parsed<ErrorMessage>("{\"type\":\"error\",\"id\":\"r2\",\"code\":\"bad_field\",\"message\":\"pos[0]: out of range\"}");
            Check(err != null && err.Code == "bad_field", "error");
            var bye = Parsed<ByeMessage>("{\"type\":\"bye\",\"reason\":\"shutdown\"}");
            Check(bye != null && bye.Reason == "shutdown", "bye");
            var unk = Parsed<UnknownMessage>("{\"type\":\"group_path\",\"id\":\"g1\",\"paths\":[]}");
            Check(unk != null && unk.Type == "group_path", "unknown type kept for forward compatibility");
            Rejected("{\"type\":\"nav_path\",\"monster\":\"m-1\",\"seq\":1,\"playerSeq\":1,\"status\":\"ok\",\"nav_path\":[[1,2]],\"speedMetersPerSecond\":2,\"serverTime\":1}", "nav_path[0]");
            Rejected("{\"type\":\"nav_path\",\"monster\":\"m-1\",\"seq\":1.5,\"playerSeq\":1,\"status\":\"ok\",\"nav_path\":[],\"speedMetersPerSecond\":2,\"serverTime\":1}", "seq");
            Rejected("{\"type\":\"local_nav\",\"monster\":\"m-1\"}", "active");
            Rejected("{\"type\":\"map_patch\",\"map\":\"arena\",\"version\":2,\"edits\":[{\"cells\":[1,2,3],\"terrain\":\"wall\"}]}", "edits[0].cells");
            Rejected("[1,2]", "not a JSON object");
            Rejected("{\"type\":\"bye\"} {\"type\":\"bye\"}", "JSON");
            Rejected("{\"type\":", "bad JSON");
            Rejected("{\"kind\":\"bye\"}", "type");
        }

        private static void Writing()
        {
            Check(ProtocolWriter.Hello("alice", "arena") == "{\"type\":\"hello\",\"protocol\":1,\"player\":\"alice\",\"map\":\"arena\"}", "hello line");
            Check(ProtocolWriter.Hello("a\"b", null) == "{\"type\":\"hello\",\"protocol\":1,\"player\":\"a\\\"b\"}", "hello escapes, no map");
            Check(ProtocolWriter.PlayerPos(17, new NavVector3(1.5, 0, -2)) == "{\"type\":\"player_pos\",\"seq\":17,\"pos\":[1.5,0,-2]}", "player_pos line");
            Check(ProtocolWriter.Ping(5) == "{\"type\":\"ping\",\"id\":5}", "ping line");
            Check(ProtocolWriter.Bye() == "{\"type\":\"bye\",\"reason\":\"client\"}", "bye line");
            bool threw = false;
            try
            {
                ProtocolWriter.PlayerPos(1, new NavVector3(double.NaN, 0, 0));
            }
            catch (ArgumentException)
            {
                threw = true;
            }
            Check(threw, "NaN is never written");
        }

        private static NavVector3[] Pts(params double[] xz)
        {
            var list = new NavVector3[xz.Length / 2];
            for (int i = 0; i < list.Length; i++)
            {
                list[i] = new NavVector3(xz[2 * i], 0, xz[2 * i + 1]);
            }
            return list;
        }

        private static void Following()
        {
            var f = new PathFollower();
            f.SetPath(Pts(0, 0, 3, 0, 3, -4), 2);
            NavVector3 p = f.Advance(new NavVector3(0, 0, 0), 1);
            Check(Near(p, new NavVector3(2, 0, 0)) && f.TargetIndex == 1, "1 s at 2 m/s: 2 m along the first leg");
            p = f.Advance(p, 1);
            Check(Near(p, new NavVector3(3, 0, -1)) && f.TargetIndex == 2, "the corner is passed with the leftover metre");
            Check(Near(f.RemainingMeters(p), 3), "3 m remain");
            p = f.Advance(p, 10);
            Check(Near(p, new NavVector3(3, 0, -4)) && f.Done, "stops at the last point");
            f.SetPath(Pts(5, 5), 2);
            p = f.Advance(new NavVector3(4, 0, 5), 0.25);
            Check(Near(p, new NavVector3(4.5, 0, 5)), "a one-point path walks to that point");
        }

        private static NavPathMessage Path(string monster, long seq, params double[] xz)
        {
            return new NavPathMessage(monster, seq, seq, "ok", Array.AsReadOnly(Pts(xz)), 2, 0);
        }

        private static void Brain()
        {
            var agent = new RecordingAgent();
            var b = new MonsterBrain("m-1", new NavVector3(0, 0, 0));
            b.Agent = agent;
            Check(b.OnNavPath(Path("m-1", 2, 0, 0, 10, 0)) == NavPathOutcome.Accepted && b.Mode == MonsterMode.FollowingPath, "first path accepted");
            Check(b.OnNavPath(Path("m-1", 1, 0, 0, -10, 0)) == NavPathOutcome.Stale, "older seq dropped");
            Check(b.OnNavPath(Path("m-1", 2, 0, 0, -10, 0)) == NavPathOutcome.Stale, "same seq dropped");
            b.Tick(1, new NavVector3(20, 0, 0));
            Check(Near(b.Position, new NavVector3(2, 0, 0)), "walks the accepted path, not a dropped one");
            // correction: the server has the monster 1 m further along its path; eased in on top of walking, no jump
            b.OnSnapshot(new MonsterSnapshot("m-1", new NavVector3(3, 0, 0), "chase"));
            double maxStep = 0;
            NavVector3 before = b.Position;
            for (int i = 0; i < 60; i++)
            {
                b.Tick(1.0 / 60, new NavVector3(20, 0, 0));
                maxStep = Math.Max(maxStep, NavVector3.DistanceXZ(b.Position, before));
                before = b.Position;
            }
            Check(maxStep <= (2.0 + 4.0) / 60 + 1e-9, "correction speed bounded (no snap), max step " + maxStep);
            Check(Math.Abs(b.Position.X - 5) < 0.05 && Near(b.Position.Z, 0),
                "1 s later: 2 m walked plus the 1 m correction, x=" + b.Position.X);
            // handoff without slot: agent on, sent to the player
            var player = new NavVector3(7, 0, 1);
            b.OnLocalNav(new LocalNavMessage("m-1", true, null), player);
            Check(b.Mode == MonsterMode.Local && agent.Active && agent.Activations == 1 && agent.LastDestination.Equals(player),
                "local_nav active: agent enabled with SetDestination(player)");
            b.Tick(0.1, new NavVector3(6, 0, 1));
            Check(agent.LastDestination.Equals(new NavVector3(6, 0, 1)), "agent follows a moving player");
            Check(b.OnNavPath(Path("m-1", 3, 0, 0, 1, 1)) == NavPathOutcome.Accepted && b.Mode == MonsterMode.Local,
                "a path during local mode is recorded, not walked");
            var slot = new NavVector3(4, 0, 2);
            b.OnLocalNav(new LocalNavMessage("m-1", true, slot), player);
            Check(agent.Activations == 1 && agent.LastDestination.Equals(slot), "a new slot re-targets without re-activating");
            b.Tick(0.1, new NavVector3(9, 0, 9));
            Check(agent.LastDestination.Equals(slot), "with a slot, the player's moves do not re-target");
            b.OnLocalNav(new LocalNavMessage("m-1", false, null), player);
            Check(!agent.Active && b.Mode == MonsterMode.WaitingForPath, "local_nav inactive hands back");
            Check(b.OnNavPath(Path("m-1", 4, 1, 1, 2, 2)) == NavPathOutcome.Accepted && b.Mode == MonsterMode.FollowingPath,
                "the fresh path after the hand-back is walked");
        }

        private static void Registry()
        {
            var r = new MonsterRegistry();
            var appeared = new List<string>();
            var left = new List<string>();
            r.MonsterAppeared += b => appeared.Add(b.Id);
            r.MonsterLeft += b => left.Add(b.Id);
            r.OnNavPath(Path("m-1", 1, 0, 0, 1, 0));
            r.OnNavPath(Path("m-1", 1, 0, 0, 1, 0));
            Check(appeared.Count == 1 && r.StaleNavPathsDropped == 1, "one monster, duplicate path counted stale");
            var only2 = new MonstersMessage(1, new List<MonsterSnapshot> { new MonsterSnapshot("m-2", new NavVector3(0, 0, 0), "chase") });
            r.OnMonsters(only2);
            Check(left.Count == 0 && appeared.Count == 2, "a monster missing from one snapshot stays");
            r.OnMonsters(only2);
            Check(left.Count == 1 && left[0] == "m-1" && r.Monsters.Count == 1, "missing from two snapshots: removed");
            r.Clear();
            Check(left.Count == 2 && r.Monsters.Count == 0, "a new session clears every monster");
            r.OnNavPath(Path("m-1", 1, 0, 0, 1, 0));
            Check(r.StaleNavPathsDropped == 1 && r.Find("m-1").NewestSeq == 1, "after a new session, seq 1 is new again");
        }

        private static void Grid()
        {
            var g = new NavGrid("arena", 60, 60, new NavVector3(-30, 0, 30), 1, new byte[3600]);
            Check(g.Col(-30) == 0 && g.Row(30) == 0, "origin is cell (0,0)");
            Check(g.Col(0.4) == 30 && g.Row(0.6) == 29, "[0.4,0,0.6] is (30,29)");
            Check(g.Col(29.5) == 60 && !g.Walkable(new NavVector3(29.5, 0, -29)), "[29.5,0,-29] is off the map");
            Check(g.Col(-30.5) == 0 && g.Col(-31.5) == -1, "-0.5 rounds to 0, -1.5 to -1");
            g.Apply(new MapPatchMessage("arena", 3, new List<MapEdit> { new MapEdit(1, 2, 2, 1, "wall") }, false));
            Check(!g.Walkable(1, 2) && !g.Walkable(2, 2) && g.Walkable(3, 2) && g.Walkable(1, 3) && g.Version == 3, "map_patch applied");
            NavGrid arena = null;
            foreach (string candidate in new[] { "maps/arena.txt", "../../../../maps/arena.txt", "../../../../../maps/arena.txt" })
            {
                if (File.Exists(candidate))
                {
                    arena = NavGridFormat.Load(candidate);
                    break;
                }
            }
            if (arena != null)
            {
                Check(arena.Name == "arena" && arena.Width == 60 && arena.Height == 60 && !arena.Walkable(0, 0)
                    && arena.Walkable(1, 1), "maps/arena.txt loads");
            }
            var mai = NavGridFormat.Parse("m", "m.map", new StringReader("type octile\nheight 2\nwidth 3\nmap\n.@S\nTWG\n"));
            Check(mai.Width == 3 && mai.Height == 2 && mai.Walkable(0, 0) && !mai.Walkable(1, 0) && mai.Walkable(2, 0)
                && !mai.Walkable(0, 1) && !mai.Walkable(1, 1) && mai.Walkable(2, 1), "Moving AI symbols");
        }

        private static void Export()
        {
            // 7 columns x 3 rows, so swapping width and height cannot go unnoticed
            var layout = new NavExportLayout(new NavVector3(-3, 0.5, 1), 0.5, 7, 3);
            var sampled = new List<NavVector3>();
            int progressCalls = 0;
            ExportOutcome outcome = layout.Sample(c =>
            {
                sampled.Add(c);
                return c.X >= -2.0 && c.Z <= 0.5; // walkable: columns 2.., rows 1..
            }, (done, rows) =>
            {
                progressCalls++;
                return true;
            });
            Check(outcome == ExportOutcome.Completed && sampled.Count == 21 && progressCalls == 3, "every cell sampled once, progress per row");
            Check(Near(sampled[0], new NavVector3(-3, 0.5, 1)) && Near(sampled[8], new NavVector3(-2.5, 0.5, 0.5)),
                "cell centres: col toward +x, row toward -z");
            var text = new StringWriter();
            layout.Write(text);
            string s = text.ToString();
            Check(s.StartsWith("startpos=(-3, 0.5, 1)\nheight=3\nwide=7\naccuracy=0.5\n{0,0,0,0,0,0,0,},\n{0,0,1,1,1,1,1,},", StringComparison.Ordinal),
                "layout header and rows: " + s.Substring(0, Math.Min(80, s.Length)).Replace("\n", "|"));
            NavGrid back = NavGridFormat.Parse("x", "x.txt", new StringReader(s));
            Check(back.Width == 7 && back.Height == 3 && back.Walkable(2, 1) && !back.Walkable(1, 1) && !back.Walkable(6, 0)
                && Near(back.CellSize, 0.5) && Near(back.Origin, new NavVector3(-3, 0.5, 1)), "layout parses back the same");
            var cancelled = new NavExportLayout(new NavVector3(0, 0, 0), 1, 4, 4);
            int rowsSeen = 0;
            Check(cancelled.Sample(c => true, (done, rows) => ++rowsSeen < 2) == ExportOutcome.Cancelled && rowsSeen == 2,
                "cancel stops the export");
            NavExportLayout fit = NavExportLayout.Covering(-2.2, 3.1, -1.4, 4.9, 0, 1);
            Check(Near(fit.Origin, new NavVector3(-3, 0, 5)) && fit.Width == 8 && fit.Height == 8, "covering layout "
                + fit.Origin + " " + fit.Width + "x" + fit.Height);
        }

        private static void Backoff()
        {
            var b = new ExponentialBackoff(0.5, 4);
            double[] expected = { 0.5, 1, 2, 4, 4 };
            bool ok = true;
            for (int i = 0; i < expected.Length; i++)
            {
                ok &= Near(b.Next(), expected[i]);
            }
            b.Reset();
            Check(ok && Near(b.Next(), 0.5), "backoff doubles to its cap and resets");
        }
    }
}
