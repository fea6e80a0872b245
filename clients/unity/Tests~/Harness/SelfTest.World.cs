using System;
using System.Collections.Generic;

namespace NavServer.Client.Harness
{
    /// <summary>
    /// Offline checks of the shared world (issue 26): parsing <c>monster_enter</c> / <c>monster_leave</c> /
    /// <c>monster_state</c> / <c>monster_event</c> / <c>command_ok</c> / <c>route_ok</c> and the extended
    /// <c>nav_path</c>, writing the authority's requests in their exact wire forms, the registry's view (enter, leave,
    /// re-enter, state changes, other players' chasers) and <see cref="NavAuthority"/>'s request bookkeeping.
    /// </summary>
    internal static partial class SelfTest
    {
        /// <summary>The transport stand-in: records lines; <see cref="Open"/> false plays "no session".</summary>
        private sealed class RecordingSender : INavRequestSender
        {
            public readonly List<string> Lines = new List<string>();
            public bool Open = true;
            private long ids;
            private long seqs;

            public bool Send(string line)
            {
                if (Open)
                {
                    Lines.Add(line);
                }
                return Open;
            }

            public long NextRequestId()
            {
                return ++ids;
            }

            public long NextPlayerSeq()
            {
                return ++seqs;
            }

            public string Last { get { return Lines.Count == 0 ? null : Lines[Lines.Count - 1]; } }
        }

        private static void World()
        {
            WorldParsing();
            WorldWriting();
            WorldRegistry();
            LocalControlEndsWithTheChase();
            AuthorityRequests();
            AuthorityAnswers();
        }

        private static void WorldParsing()
        {
            var e = Parsed<MonsterEnterMessage>("{\"type\":\"monster_enter\",\"monster\":\"m-17\",\"kind\":\"wolf\",\"pos\":[1.5,0,-2],\"radiusMeters\":0.5,\"speedMetersPerSecond\":3.5,\"state\":\"patrol\"}");
            Check(e != null && e.Monster == "m-17" && e.Kind == "wolf" && Near(e.Pos, new NavVector3(1.5, 0, -2))
                && Near(e.RadiusMeters, 0.5) && Near(e.SpeedMetersPerSecond, 3.5) && e.State == MonsterStates.Patrol
                && e.Target == null && !e.Home.HasValue, "monster_enter without target and home");
            var et = Parsed<MonsterEnterMessage>("{\"type\":\"monster_enter\",\"monster\":\"m-3\",\"kind\":\"default\",\"pos\":[0,0,0],\"radiusMeters\":0.4,\"speedMetersPerSecond\":2,\"state\":\"chase\",\"target\":\"alice\",\"home\":[4,0,5]}");
            Check(et != null && et.Target == "alice" && et.Home.HasValue && Near(et.Home.Value, new NavVector3(4, 0, 5)),
                "monster_enter with target and home");
            var l = Parsed<MonsterLeaveMessage>("{\"type\":\"monster_leave\",\"monster\":\"m-17\",\"reason\":\"out_of_range\"}");
            Check(l != null && l.Monster == "m-17" && l.Reason == MonsterLeaveReasons.OutOfRange, "monster_leave");
            var st = Parsed<MonsterStateMessage>("{\"type\":\"monster_state\",\"monster\":\"m-17\",\"state\":\"return_home\"}");
            Check(st != null && st.State == MonsterStates.ReturnHome && st.Target == null, "monster_state without target");
            var sc = Parsed<MonsterStateMessage>("{\"type\":\"monster_state\",\"monster\":\"m-17\",\"state\":\"chase\",\"target\":\"bob\"}");
            Check(sc != null && sc.Target == "bob", "monster_state with target");
            var ok = Parsed<CommandOkMessage>("{\"type\":\"command_ok\",\"id\":\"c1\",\"monster\":\"m-17\"}");
            Check(ok != null && ok.Id.Raw == "\"c1\"" && ok.Monster == "m-17", "command_ok");
            var ro = Parsed<RouteOkMessage>("{\"type\":\"route_ok\",\"id\":7,\"name\":\"lane_top\"}");
            Check(ro != null && ro.Id.Raw == "7" && ro.Name == "lane_top", "route_ok");
            var ag = Parsed<MonsterEventMessage>("{\"type\":\"monster_event\",\"monster\":\"m-17\",\"event\":\"aggro\",\"target\":\"alice\"}");
            Check(ag != null && ag.Event == MonsterEvents.Aggro && ag.Target == "alice" && ag.Route == null && ag.Index == null,
                "monster_event aggro");
            var wp = Parsed<MonsterEventMessage>("{\"type\":\"monster_event\",\"monster\":\"m-17\",\"event\":\"waypoint\",\"route\":\"lane_top\",\"index\":2}");
            Check(wp != null && wp.Event == MonsterEvents.Waypoint && wp.Route == "lane_top" && wp.Index == 2,
                "monster_event waypoint with route and index");
            var np = Parsed<NavPathMessage>("{\"type\":\"nav_path\",\"monster\":\"m-17\",\"seq\":3,\"status\":\"ok\",\"nav_path\":[[0,0,0],[1,0,0]],\"speedMetersPerSecond\":3.5,\"serverTime\":2.0,\"mapVersion\":1,\"state\":\"chase\",\"target\":\"alice\"}");
            Check(np != null && np.PlayerSeq == 0 && np.State == "chase" && np.Target == "alice",
                "nav_path toward another player: no playerSeq, with state and target");
            Rejected("{\"type\":\"monster_enter\",\"monster\":\"m-1\",\"pos\":[0,0,0],\"radiusMeters\":0.5,\"speedMetersPerSecond\":2,\"state\":\"idle\"}", "kind");
            Rejected("{\"type\":\"monster_enter\",\"monster\":\"m-1\",\"kind\":\"wolf\",\"pos\":[0,0,0],\"radiusMeters\":0.5,\"speedMetersPerSecond\":2,\"state\":\"idle\",\"home\":[1,2]}", "home");
            Rejected("{\"type\":\"monster_leave\",\"monster\":\"m-1\"}", "reason");
            Rejected("{\"type\":\"monster_event\",\"monster\":\"m-1\",\"event\":\"waypoint\",\"route\":\"r\",\"index\":1.5}", "index");
            Rejected("{\"type\":\"nav_path\",\"monster\":\"m-1\",\"seq\":1,\"status\":\"ok\",\"nav_path\":[],\"speedMetersPerSecond\":2,\"serverTime\":1,\"target\":5}", "target");
        }

        private static void WorldWriting()
        {
            Check(ProtocolWriter.Hello("gm", "arena", "s3cret") == "{\"type\":\"hello\",\"protocol\":1,\"player\":\"gm\",\"map\":\"arena\",\"token\":\"s3cret\"}",
                "hello with an authority token");
            Check(ProtocolWriter.Hello("alice", "arena", "") == "{\"type\":\"hello\",\"protocol\":1,\"player\":\"alice\",\"map\":\"arena\"}",
                "an empty token is left out");
            Check(ProtocolWriter.PlayerPos(9, new NavVector3(1, 0, 2), "carol") == "{\"type\":\"player_pos\",\"seq\":9,\"pos\":[1,0,2],\"player\":\"carol\"}",
                "player_pos for a managed player");
            Check(ProtocolWriter.PlayerLeave(4, "carol") == "{\"type\":\"player_leave\",\"id\":4,\"player\":\"carol\"}", "player_leave");
            Check(ProtocolWriter.MonsterSpawn(1, "arena", new NavVector3(1, 0, 2), "wolf", MonsterBehaviour.Wander(6), null)
                == "{\"type\":\"monster_spawn\",\"id\":1,\"map\":\"arena\",\"pos\":[1,0,2],\"kind\":\"wolf\",\"behaviour\":{\"type\":\"wander\",\"radiusMeters\":6}}",
                "monster_spawn in the issue's form");
            Check(ProtocolWriter.MonsterSpawn(2, null, new NavVector3(0, 0, 0), null, null, null)
                == "{\"type\":\"monster_spawn\",\"id\":2,\"pos\":[0,0,0]}", "monster_spawn, only pos");
            Check(ProtocolWriter.MonsterSpawn(3, null, new NavVector3(0, 0, 0), null, MonsterBehaviour.Patrol("lane_top"), new NavVector3(5, 0, 5))
                == "{\"type\":\"monster_spawn\",\"id\":3,\"pos\":[0,0,0],\"behaviour\":{\"type\":\"patrol\",\"route\":\"lane_top\"},\"home\":[5,0,5]}",
                "monster_spawn patrol with home");
            Check(ProtocolWriter.MonsterSpawn(4, null, new NavVector3(0, 0, 0), null, MonsterBehaviour.Idle(), null)
                == "{\"type\":\"monster_spawn\",\"id\":4,\"pos\":[0,0,0],\"behaviour\":{\"type\":\"idle\"}}", "monster_spawn idle");
            string[][] commands =
            {
                new[] { ProtocolWriter.MonsterCommand(1, "m-17", MonsterCommand.Chase("alice")), "{\"type\":\"monster_command\",\"id\":1,\"monster\":\"m-17\",\"command\":\"chase\",\"target\":\"alice\"}" },
                new[] { ProtocolWriter.MonsterCommand(2, "m-17", MonsterCommand.MoveTo(new NavVector3(3, 0, -4.5))), "{\"type\":\"monster_command\",\"id\":2,\"monster\":\"m-17\",\"command\":\"move_to\",\"pos\":[3,0,-4.5]}" },
                new[] { ProtocolWriter.MonsterCommand(3, "m-17", MonsterCommand.Follow("bob", 1, -2)), "{\"type\":\"monster_command\",\"id\":3,\"monster\":\"m-17\",\"command\":\"follow\",\"target\":\"bob\",\"offset\":[1,-2]}" },
                new[] { ProtocolWriter.MonsterCommand(4, "m-17", MonsterCommand.Follow("bob")), "{\"type\":\"monster_command\",\"id\":4,\"monster\":\"m-17\",\"command\":\"follow\",\"target\":\"bob\"}" },
                new[] { ProtocolWriter.MonsterCommand(5, "m-17", MonsterCommand.Flee("bob")), "{\"type\":\"monster_command\",\"id\":5,\"monster\":\"m-17\",\"command\":\"flee\",\"target\":\"bob\"}" },
                new[] { ProtocolWriter.MonsterCommand(6, "m-17", MonsterCommand.Patrol("lane_top")), "{\"type\":\"monster_command\",\"id\":6,\"monster\":\"m-17\",\"command\":\"patrol\",\"route\":\"lane_top\"}" },
                new[] { ProtocolWriter.MonsterCommand(7, "m-17", MonsterCommand.Wander(2.5)), "{\"type\":\"monster_command\",\"id\":7,\"monster\":\"m-17\",\"command\":\"wander\",\"radiusMeters\":2.5}" },
                new[] { ProtocolWriter.MonsterCommand(8, "m-17", MonsterCommand.ReturnHome()), "{\"type\":\"monster_command\",\"id\":8,\"monster\":\"m-17\",\"command\":\"return_home\"}" },
                new[] { ProtocolWriter.MonsterCommand(9, "m-17", MonsterCommand.Stop()), "{\"type\":\"monster_command\",\"id\":9,\"monster\":\"m-17\",\"command\":\"stop\"}" },
                new[] { ProtocolWriter.MonsterCommand(10, "m-17", MonsterCommand.Teleport(new NavVector3(0, 0, 1))), "{\"type\":\"monster_command\",\"id\":10,\"monster\":\"m-17\",\"command\":\"teleport\",\"pos\":[0,0,1]}" },
                new[] { ProtocolWriter.MonsterCommand(11, "m-17", MonsterCommand.Despawn()), "{\"type\":\"monster_command\",\"id\":11,\"monster\":\"m-17\",\"command\":\"despawn\"}" },
            };
            foreach (string[] c in commands)
            {
                Check(c[0] == c[1], "monster_command line: " + c[0]);
            }
            var points = new List<NavVector3> { new NavVector3(0, 0, 0), new NavVector3(10, 0, 0), new NavVector3(10, 0, -5) };
            Check(ProtocolWriter.Route(5, "arena", "lane_top", points, RouteModes.Loop, 0)
                == "{\"type\":\"route\",\"id\":5,\"map\":\"arena\",\"name\":\"lane_top\",\"points\":[[0,0,0],[10,0,0],[10,0,-5]],\"mode\":\"loop\",\"waitSeconds\":0}",
                "route in the issue's form");
            Throws(() => MonsterBehaviour.Wander(0), "a wander radius of 0");
            Throws(() => MonsterCommand.Chase(""), "a chase without target");
            Throws(() => MonsterCommand.MoveTo(new NavVector3(double.NaN, 0, 0)), "a move_to to NaN");
            Throws(() => MonsterCommand.Follow("bob", double.PositiveInfinity, 0), "an infinite follow offset");
        }

        private static void Throws(Action a, string what)
        {
            bool threw = false;
            try
            {
                a();
            }
            catch (ArgumentException)
            {
                threw = true;
            }
            Check(threw, "refused before sending: " + what);
        }

        private static MonsterEnterMessage Enter(string monster, string kind, string state, string target, double x)
        {
            return new MonsterEnterMessage(monster, kind, new NavVector3(x, 0, 0), 0.5, 3.5, state, target, null);
        }

        private static void WorldRegistry()
        {
            var r = new MonsterRegistry();
            var appearedKinds = new List<string>();
            var left = new List<string>();
            var changes = new List<string>();
            r.MonsterAppeared += b => appearedKinds.Add(b.Id + ":" + b.Kind + ":" + b.ServerState + ":" + b.Target);
            r.MonsterLeft += b => left.Add(b.Id + ":" + b.LeaveReason);
            r.MonsterStateChanged += b => changes.Add(b.Id + ":" + b.ServerState + ":" + b.Target);
            // bob's chaser and a wolf on patrol come into alice's view
            r.OnWorldMessage(Enter("m-1", "wolf", "patrol", null, 0));
            r.OnWorldMessage(Enter("m-2", "default", "chase", "bob", 5));
            Check(appearedKinds.Count == 2 && appearedKinds[0] == "m-1:wolf:patrol:" && appearedKinds[1] == "m-2:default:chase:bob",
                "monster_enter: kind, state and target are set when MonsterAppeared fires: " + string.Join(" ", appearedKinds.ToArray()));
            Check(changes.Count == 0, "entering is not a state change");
            // bob's chaser walks its nav_path (toward bob, no playerSeq) and never goes local on alice's client
            var toBob = new NavPathMessage("m-2", 4, 0, "ok", Array.AsReadOnly(Pts(5, 0, 9, 0)), 2, 0, 1, "chase", "bob");
            r.OnNavPath(toBob);
            MonsterBrain chaser = r.Find("m-2");
            r.Tick(1);
            Check(chaser.Mode == MonsterMode.FollowingPath && Near(chaser.Position, new NavVector3(7, 0, 0)),
                "another player's chaser walks its path: x=" + chaser.Position.X);
            r.OnWorldMessage(new MonsterStateMessage("m-1", MonsterStates.Chase, "alice"));
            Check(changes.Count == 1 && changes[0] == "m-1:chase:alice" && r.Find("m-1").Target == "alice", "monster_state: chase alice");
            r.OnWorldMessage(new MonsterStateMessage("m-1", MonsterStates.Chase, "alice"));
            Check(changes.Count == 1, "the same state again is no change");
            r.OnMonsters(new MonstersMessage(1, new List<MonsterSnapshot>
            {
                new MonsterSnapshot("m-1", new NavVector3(0, 0, 0), MonsterStates.ReturnHome),
                new MonsterSnapshot("m-2", new NavVector3(7, 0, 0), MonsterStates.Chase),
            }));
            Check(r.Find("m-1").ServerState == MonsterStates.ReturnHome && r.Find("m-1").Target == null
                && r.Find("m-2").Target == "bob", "a snapshot's new state without chase clears the target, a chase keeps it");
            r.OnWorldMessage(new MonsterLeaveMessage("m-2", MonsterLeaveReasons.OutOfRange));
            Check(left.Count == 1 && left[0] == "m-2:out_of_range" && r.Find("m-2") == null, "monster_leave out_of_range removes it");
            r.OnWorldMessage(new MonsterLeaveMessage("m-2", MonsterLeaveReasons.OutOfRange));
            Check(left.Count == 1, "a second leave for the same monster is ignored");
            // it walks back in: a fresh brain, and its current path (same seq as before) is walked again
            r.OnWorldMessage(Enter("m-2", "default", "chase", "bob", 8));
            Check(appearedKinds.Count == 3 && r.Find("m-2") != chaser && r.Find("m-2").OnNavPath(toBob) == NavPathOutcome.Accepted,
                "re-entering creates a fresh monster that accepts the resent path");
            r.OnWorldMessage(new MonsterLeaveMessage("m-1", MonsterLeaveReasons.Despawned));
            Check(left.Count == 2 && left[1] == "m-1:despawned", "monster_leave despawned");
            r.OnWorldMessage(Enter("m-2", "elite", "chase", "bob", 8));
            Check(appearedKinds.Count == 3 && r.Find("m-2").Kind == "elite", "a repeated monster_enter updates, never duplicates");
            r.Clear();
            Check(left.Count == 3 && left[2] == "m-2:" + MonsterBrain.LeaveSessionEnded, "a new session ends the rest");
        }

        private static void LocalControlEndsWithTheChase()
        {
            var r = new MonsterRegistry();
            r.PlayerName = "alice";
            r.PlayerPosition = new NavVector3(0, 0, 0);
            var agent = new RecordingAgent();
            r.MonsterAppeared += b => b.Agent = agent;
            r.OnWorldMessage(Enter("m-1", "wolf", MonsterStates.Chase, "alice", 3));
            r.OnLocalNav(new LocalNavMessage("m-1", true, null));
            MonsterBrain m = r.Find("m-1");
            r.OnWorldMessage(new MonsterStateMessage("m-1", MonsterStates.Local, "alice"));
            Check(m.Mode == MonsterMode.Local && agent.Active && r.ImpliedHandbacks == 0, "chase -> local for alice keeps the agent");
            r.OnWorldMessage(new MonsterStateMessage("m-1", MonsterStates.Chase, "carol"));
            Check(m.Mode == MonsterMode.WaitingForPath && !agent.Active && r.ImpliedHandbacks == 1,
                "chasing carol now: alice's agent lets go without local_nav active:false");
            r.OnLocalNav(new LocalNavMessage("m-1", true, null));
            r.OnWorldMessage(new MonsterStateMessage("m-1", MonsterStates.ReturnHome, null));
            Check(m.Mode == MonsterMode.WaitingForPath && !agent.Active && r.ImpliedHandbacks == 2, "return_home: the agent lets go");
            r.OnLocalNav(new LocalNavMessage("m-1", false, null));
            Check(r.Handbacks == 0 && m.Mode == MonsterMode.WaitingForPath && agent.Activations == 2,
                "a late local_nav active:false after an implied hand-back changes nothing");
        }

        private static void AuthorityRequests()
        {
            var s = new RecordingSender();
            var a = new NavAuthority(s);
            long id = a.SpawnMonster(new NavVector3(1, 0, 2), MonsterBehaviour.Wander(6), "wolf", "arena");
            Check(id == 1 && s.Last == "{\"type\":\"monster_spawn\",\"id\":1,\"map\":\"arena\",\"pos\":[1,0,2],\"kind\":\"wolf\",\"behaviour\":{\"type\":\"wander\",\"radiusMeters\":6}}"
                && a.PendingRequests == 1, "SpawnMonster sends monster_spawn and waits: " + s.Last);
            Check(a.CommandMonster("m-17", MonsterCommand.Chase("alice")) == 2 && s.Last.Contains("\"command\":\"chase\",\"target\":\"alice\""),
                "CommandMonster sends monster_command");
            var pts = new List<NavVector3> { new NavVector3(0, 0, 0), new NavVector3(4, 0, 0) };
            Check(a.DefineRoute("lane_top", pts, RouteModes.PingPong, 1.5) == 3
                && s.Last == "{\"type\":\"route\",\"id\":3,\"name\":\"lane_top\",\"points\":[[0,0,0],[4,0,0]],\"mode\":\"pingpong\",\"waitSeconds\":1.5}",
                "DefineRoute sends route: " + s.Last);
            int before = s.Lines.Count;
            Throws(() => a.DefineRoute("one", new List<NavVector3> { new NavVector3(0, 0, 0) }), "a route with one point");
            Throws(() => a.DefineRoute("r", pts, "circle"), "an unknown route mode");
            Throws(() => a.DefineRoute("r", pts, RouteModes.Loop, -1), "a negative wait");
            Throws(() => a.SpawnMonster(new NavVector3(0, 0, 0), kind: ""), "an empty kind");
            Check(s.Lines.Count == before && a.PendingRequests == 3, "refused requests send nothing and wait for nothing");
            Check(a.SetPlayer("carol", new NavVector3(2, 0, 2)) && s.Last == "{\"type\":\"player_pos\",\"seq\":1,\"pos\":[2,0,2],\"player\":\"carol\"}",
                "SetPlayer sends player_pos with player");
            a.SetPlayer("dave", new NavVector3(3, 0, 3));
            a.SetPlayer("carol", new NavVector3(2, 0, 1));
            Check(a.RemovePlayer("dave") == 4 && s.Last == "{\"type\":\"player_leave\",\"id\":4,\"player\":\"dave\"}"
                && a.ManagedPlayers.Count == 1, "RemovePlayer sends player_leave and forgets the player");
            s.Open = false;
            Check(a.CommandMonster("m-17", MonsterCommand.Stop()) == -1 && a.PendingRequests == 3, "no session: -1, nothing pending");
            Check(!a.SetPlayer("carol", new NavVector3(2, 0, 0)), "no session: SetPlayer reports it was not sent");
            s.Open = true;
            var failed = new List<string>();
            a.RequestFailed += (rid, e) => failed.Add(rid + ":" + e.Code);
            int sent = s.Lines.Count;
            a.OnSessionStarted();
            Check(failed.Count == 3 && failed.Contains("1:" + NavAuthority.ConnectionLostCode) && a.PendingRequests == 0,
                "a new session fails the old session's requests: " + string.Join(" ", failed.ToArray()));
            Check(s.Lines.Count == sent + 1 && s.Last.Contains("\"pos\":[2,0,0],\"player\":\"carol\""),
                "a new session sends the managed players' last positions again: " + s.Last);
        }

        private static void AuthorityAnswers()
        {
            var s = new RecordingSender();
            var a = new NavAuthority(s);
            var spawnedEvents = new List<string>();
            var commandEvents = new List<string>();
            var routeEvents = new List<string>();
            var failedEvents = new List<string>();
            var monsterEvents = new List<string>();
            a.Spawned += m => spawnedEvents.Add(m.Monster);
            a.CommandOk += m => commandEvents.Add(m.Monster);
            a.RouteOk += m => routeEvents.Add(m.Name);
            a.RequestFailed += (rid, e) => failedEvents.Add(rid + ":" + e.Code);
            a.MonsterEventReceived += m => monsterEvents.Add(m.Monster + ":" + m.Event);
            string doneMonster = null;
            long spawnId = a.SpawnMonster(new NavVector3(0, 0, 0), done: m => doneMonster = m.Monster);
            string commandError = null;
            long commandId = a.CommandMonster("m-99", MonsterCommand.Despawn(), failed: e => commandError = e.Code);
            long routeId = a.DefineRoute("r", new List<NavVector3> { new NavVector3(0, 0, 0), new NavVector3(1, 0, 0) });
            // a player's own spawn (another id) and an answer of the wrong type are not ours
            a.OnMessage(new SpawnedMessage(new RequestId("\"r1\""), "m-5", new NavVector3(0, 0, 0)));
            a.OnMessage(new CommandOkMessage(new RequestId(spawnId.ToString()), "m-5"));
            Check(spawnedEvents.Count == 0 && commandEvents.Count == 0 && a.PendingRequests == 3, "foreign and mismatched answers are ignored");
            a.OnMessage(new SpawnedMessage(new RequestId(spawnId.ToString()), "m-17", new NavVector3(0, 0, 0)));
            Check(doneMonster == "m-17" && spawnedEvents.Count == 1 && a.PendingRequests == 2, "spawned completes the spawn");
            a.OnMessage(new SpawnedMessage(new RequestId(spawnId.ToString()), "m-18", new NavVector3(0, 0, 0)));
            Check(spawnedEvents.Count == 1, "an answer completes its request once");
            a.OnMessage(new ErrorMessage(new RequestId(commandId.ToString()), "unknown_monster", "monster: m-99 is not on this map"));
            Check(commandError == "unknown_monster" && failedEvents.Count == 1 && failedEvents[0] == commandId + ":unknown_monster",
                "error by id fails the command");
            a.OnMessage(new ErrorMessage(null, "rate_limited", "slow down"));
            Check(failedEvents.Count == 1 && a.PendingRequests == 1, "an error without id fails nothing");
            a.OnMessage(new RouteOkMessage(new RequestId(routeId.ToString()), "r"));
            Check(routeEvents.Count == 1 && a.PendingRequests == 0, "route_ok completes the route");
            a.OnMessage(new MonsterEventMessage("m-17", MonsterEvents.Waypoint, null, "r", 1));
            a.OnMessage(new MonsterEventMessage("m-17", MonsterEvents.Despawned, null, null, null));
            Check(monsterEvents.Count == 2 && monsterEvents[1] == "m-17:despawned", "monster_events are forwarded");
        }
    }
}
