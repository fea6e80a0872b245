using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Threading;

namespace NavServer.Client.Harness
{
    /// <summary>
    /// The shared world against a real server (<c>--scenario world --token T</c>, on <c>maps/arena.txt</c>, with
    /// <c>chase.monstersPerPlayer</c> 0 and an <c>aoi.radiusMeters</c> of about 15 m): two players, <c>alice</c> and
    /// <c>bob</c>, stand 3 m apart in the arena's top lane and an authority (<c>harness-gm</c>) drives one monster
    /// through the steps below with <see cref="NavAuthority"/>, each awaited with a deadline. Both players must see the
    /// same monster (<c>monster_enter</c> with its kind), bob must see it chase alice by <c>nav_path</c> without ever
    /// getting its <c>local_nav</c>, alice must get the handoff, bob must lose it (<c>monster_leave</c>
    /// <c>out_of_range</c>) when he walks away, alice must see it chase the authority's managed player <c>carol</c>,
    /// the authority must hear <c>arrived</c> and <c>despawned</c>, and alice <c>monster_leave</c> <c>despawned</c>.
    /// Every <c>nav_path</c> point any client receives is checked against the map file. Prints
    /// <c>world-event:</c> lines on stderr and one <c>world:</c> summary on stdout; exit 1 when a step times out or any
    /// check fails.
    /// </summary>
    internal sealed class WorldScenario
    {
        private const string RouteName = "harness_lane";
        private static readonly NavVector3 AlicePos = new NavVector3(-20, 0, 26);
        private static readonly NavVector3 BobPos = new NavVector3(-17, 0, 26);
        private static readonly NavVector3 BobAway = new NavVector3(20, 0, 26);
        private static readonly NavVector3 SpawnPos = new NavVector3(-12, 0, 26);
        private static readonly NavVector3 CarolPos = new NavVector3(-25, 0, 28);
        private static readonly NavVector3 MoveToPos = new NavVector3(-14, 0, 24);
        private static readonly NavVector3[] Lane = { new NavVector3(-12, 0, 27), new NavVector3(-5, 0, 27) };

        private sealed class Step
        {
            public string Name;
            public Action Start;
            public Func<bool> Done;
        }

        /// <summary>One session: connection, monsters in view, and (for alice) recording agents.</summary>
        private sealed class Viewer
        {
            public readonly string Name;
            public readonly NavConnection Connection;
            public readonly MonsterRegistry Registry = new MonsterRegistry();
            public readonly NavAuthority Authority;
            public readonly Dictionary<string, RecordingAgent> Agents = new Dictionary<string, RecordingAgent>();
            public readonly List<MonsterEventMessage> Events = new List<MonsterEventMessage>();
            public readonly List<ErrorMessage> Errors = new List<ErrorMessage>();
            public NavVector3? Position;
            public int Enters;
            public int LocalNavs;
            public int NavPaths;
            public readonly Dictionary<string, string> LeftWith = new Dictionary<string, string>();
            /// <summary>Every target this viewer's brains reported for a monster: "m-17:alice".</summary>
            public readonly HashSet<string> TargetsSeen = new HashSet<string>();

            public Viewer(string name, Options o, string mapName, string token)
            {
                Name = name;
                Connection = new NavConnection(new NavConnectionSettings
                {
                    Host = o.Host,
                    Port = o.Port,
                    Player = name,
                    Map = mapName,
                    Token = token,
                    PlayerPosHz = 20,
                    PingIntervalSeconds = 0.5,
                    ReconnectMinSeconds = 0.1,
                    ReconnectMaxSeconds = 1.0,
                    ConnectTimeoutSeconds = 2,
                });
                Registry.Attach(Connection);
                Authority = new NavAuthority(Connection);
                Registry.MonsterAppeared += b =>
                {
                    var agent = new RecordingAgent();
                    Agents[b.Id] = agent;
                    b.Agent = agent;
                    LeftWith.Remove(b.Id);
                    TargetsSeen.Add(b.Id + ":" + b.Target);
                };
                Registry.MonsterStateChanged += b => TargetsSeen.Add(b.Id + ":" + b.Target);
                Registry.MonsterLeft += b =>
                {
                    Agents.Remove(b.Id);
                    LeftWith[b.Id] = b.LeaveReason;
                };
                Connection.MessageReceived += m =>
                {
                    if (m.Type == MonsterEnterMessage.WireType)
                    {
                        Enters++;
                    }
                };
                Connection.LocalNavReceived += m => LocalNavs++;
                Connection.ErrorReceived += e => Errors.Add(e);
                Authority.MonsterEventReceived += e => Events.Add(e);
            }

            public bool Welcomed { get { return Connection.State == ConnectionState.Welcomed; } }

            public MonsterBrain Find(string id)
            {
                return id == null ? null : Registry.Find(id);
            }

            public void Frame(double dt)
            {
                if (Position.HasValue)
                {
                    Registry.PlayerPosition = Position.Value;
                    Connection.SetPlayerPosition(Position.Value);
                }
                Connection.Update();
                Registry.Tick(dt);
                foreach (RecordingAgent a in Agents.Values)
                {
                    a.Tick(dt);
                }
            }
        }

        private readonly Options options;
        private readonly NavGrid grid;
        private readonly List<Viewer> viewers = new List<Viewer>();
        private Viewer gm;
        private Viewer alice;
        private Viewer bob;
        private string monster;
        private long unwalkable;
        private int parseFailures;
        private int foreignLocalNavs;
        private int expectedErrors;
        private int handoffsToAlice;
        private int bobPathsTowardAlice;
        private string lastRequestError;
        private bool routeOk;
        private bool commandOk;

        public WorldScenario(Options options, NavGrid grid)
        {
            this.options = options;
            this.grid = grid;
        }

        private static void Event(string text)
        {
            Console.Error.WriteLine("world-event: " + text);
        }

        public int Execute()
        {
            foreach (NavVector3 p in new[] { AlicePos, BobPos, BobAway, SpawnPos, CarolPos, MoveToPos, Lane[0], Lane[1] })
            {
                if (!grid.Walkable(p))
                {
                    Console.Error.WriteLine("harness: the world scenario is made for maps/arena.txt; " + p + " is not walkable here");
                    return 2;
                }
            }
            string mapName = options.MapName ?? grid.Name;
            gm = new Viewer("harness-gm", options, mapName, options.Token);
            alice = new Viewer("alice", options, mapName, null);
            bob = new Viewer("bob", options, mapName, null);
            viewers.Add(gm);
            viewers.Add(alice);
            viewers.Add(bob);
            foreach (Viewer v in viewers)
            {
                Viewer viewer = v;
                v.Connection.ParseFailed += (line, problem) =>
                {
                    parseFailures++;
                    Event("parse_failure client=" + viewer.Name + " problem=\"" + problem + "\" line=" + line);
                };
                v.Connection.NavPathReceived += m => OnNavPath(viewer, m);
                v.Connection.ErrorReceived += e => Event("error client=" + viewer.Name + " id=" + e.Id + " code=" + e.Code
                    + " message=\"" + e.Message + "\"");
                v.Connection.Disconnected += (reason, retry) => Event("disconnected client=" + viewer.Name + " reason=\"" + reason + "\"");
                v.Registry.MonsterLeft += b => Event("leave client=" + viewer.Name + " monster=" + b.Id + " reason=" + b.LeaveReason);
                v.Registry.MonsterAppeared += b => Event("enter client=" + viewer.Name + " monster=" + b.Id + " kind=" + b.Kind
                    + " state=" + b.ServerState + " target=" + b.Target);
                v.Registry.MonsterStateChanged += b => Event("state client=" + viewer.Name + " monster=" + b.Id + " state="
                    + b.ServerState + " target=" + b.Target);
            }
            gm.Authority.MonsterEventReceived += e => Event("monster_event monster=" + e.Monster + " event=" + e.Event
                + " target=" + e.Target + " route=" + e.Route + " index=" + e.Index);
            bob.Connection.LocalNavReceived += m =>
            {
                foreignLocalNavs++;
                Event("foreign_local_nav client=bob monster=" + m.Monster + " active=" + m.Active);
            };
            alice.Connection.LocalNavReceived += m =>
            {
                if (m.Active && m.Monster == monster)
                {
                    handoffsToAlice++;
                }
            };
            alice.Position = AlicePos;
            bob.Position = BobPos;

            List<Step> steps = Steps();
            foreach (Viewer v in viewers)
            {
                v.Connection.Start();
            }
            var clock = Stopwatch.StartNew();
            double last = 0;
            double stepStarted = 0;
            int index = 0;
            bool started = false;
            string failure = null;
            while (index < steps.Count)
            {
                double now = clock.Elapsed.TotalSeconds;
                double dt = now - last;
                last = now;
                foreach (Viewer v in viewers)
                {
                    v.Frame(dt);
                }
                Step step = steps[index];
                if (!started)
                {
                    Event("step " + (index + 1) + "/" + steps.Count + " " + step.Name);
                    stepStarted = now;
                    started = true;
                    if (step.Start != null)
                    {
                        step.Start();
                    }
                }
                else if (step.Done())
                {
                    Event("done " + step.Name + " after_s=" + (now - stepStarted).ToString("0.00", CultureInfo.InvariantCulture));
                    index++;
                    started = false;
                    continue;
                }
                else if (lastRequestError != null)
                {
                    failure = "request_failed:" + step.Name;
                    Event("request_failed step=" + step.Name + " error=" + lastRequestError);
                    break;
                }
                else if (now - stepStarted > options.StepSeconds)
                {
                    failure = "timeout:" + step.Name;
                    Event("timeout step=" + step.Name + " last_request_error=" + lastRequestError);
                    break;
                }
                Thread.Sleep(16);
            }
            int unexpectedErrors = -expectedErrors;
            foreach (Viewer v in viewers)
            {
                unexpectedErrors += v.Errors.Count;
            }
            var problems = new List<string>();
            if (failure != null) problems.Add(failure);
            if (unwalkable > 0) problems.Add("unwalkable");
            if (parseFailures > 0) problems.Add("parse_failures");
            if (foreignLocalNavs > 0) problems.Add("foreign_local_nav");
            if (unexpectedErrors > 0) problems.Add("server_errors");
            int navPaths = 0;
            foreach (Viewer v in viewers)
            {
                navPaths += v.NavPaths;
                v.Connection.Close();
            }
            Console.WriteLine("world: steps=" + index + "/" + steps.Count + " enters_alice=" + alice.Enters + " enters_bob=" + bob.Enters
                + " enters_gm=" + gm.Enters + " nav_paths=" + navPaths + " bob_paths_toward_alice=" + bobPathsTowardAlice
                + " handoffs_alice=" + handoffsToAlice + " monster_events=" + gm.Events.Count + " unwalkable=" + unwalkable
                + " foreign_local_nav=" + foreignLocalNavs + " parse_failures=" + parseFailures
                + " expected_errors=" + expectedErrors + " unexpected_errors=" + unexpectedErrors
                + " result=" + (problems.Count == 0 ? "ok" : string.Join(",", problems.ToArray())));
            return problems.Count == 0 ? 0 : 1;
        }

        private void OnNavPath(Viewer v, NavPathMessage m)
        {
            v.NavPaths++;
            if (v == bob && m.Monster == monster && m.Target == "alice")
            {
                bobPathsTowardAlice++;
            }
            for (int i = 0; i < m.Points.Count; i++)
            {
                if (!grid.Walkable(m.Points[i]))
                {
                    unwalkable++;
                    Event("unwalkable client=" + v.Name + " monster=" + m.Monster + " seq=" + m.Seq + " point=" + i + " pos=" + m.Points[i]);
                }
            }
        }

        private void Failed(ErrorMessage e)
        {
            lastRequestError = e.Code + " (" + e.Message + ")";
        }

        private void Command(MonsterCommand c)
        {
            commandOk = false;
            gm.Authority.CommandMonster(monster, c, ok => commandOk = true, Failed);
        }

        private List<Step> Steps()
        {
            string forbiddenCode = null;
            string unknownCode = null;
            bool sawArrived = false;
            return new List<Step>
            {
                new Step
                {
                    Name = "three_sessions_welcomed_one_authority",
                    Done = () => gm.Welcomed && alice.Welcomed && bob.Welcomed && alice.Connection.PlayerSeq > 0
                        && bob.Connection.PlayerSeq > 0 && gm.Connection.Welcome.Role == "authority",
                },
                new Step
                {
                    Name = "route_ok",
                    Start = () => gm.Authority.DefineRoute(RouteName, Lane, RouteModes.PingPong, 0, null, ok => routeOk = true, Failed),
                    Done = () => routeOk,
                },
                new Step
                {
                    Name = "spawned_patrolling",
                    Start = () => gm.Authority.SpawnMonster(SpawnPos, MonsterBehaviour.Patrol(RouteName), done: s =>
                    {
                        monster = s.Monster;
                        Event("spawned monster=" + s.Monster + " pos=" + s.Pos);
                    }, failed: Failed),
                    Done = () => monster != null,
                },
                new Step
                {
                    Name = "everyone_sees_it_enter_with_its_kind",
                    Done = () => Entered(alice) && Entered(bob) && Entered(gm),
                },
                new Step
                {
                    Name = "errors_by_id_unknown_monster_and_forbidden",
                    Start = () =>
                    {
                        gm.Authority.CommandMonster("m-no-such", MonsterCommand.Stop(), failed: e => unknownCode = e.Code);
                        alice.Authority.SpawnMonster(SpawnPos, failed: e => forbiddenCode = e.Code);
                    },
                    Done = () =>
                    {
                        if (unknownCode == null || forbiddenCode == null)
                        {
                            return false;
                        }
                        expectedErrors = 2;
                        return unknownCode == "unknown_monster" && forbiddenCode == "forbidden" && alice.Welcomed;
                    },
                },
                new Step
                {
                    Name = "chase_alice_bob_sees_paths_alice_gets_the_handoff",
                    Start = () => Command(MonsterCommand.Chase("alice")),
                    Done = () => commandOk && bobPathsTowardAlice > 0 && handoffsToAlice > 0 && SawTarget(bob, "alice")
                        && SawTarget(alice, "alice"),
                },
                new Step
                {
                    Name = "bob_walks_away_out_of_range",
                    Start = () => bob.Position = BobAway,
                    Done = () => bob.Find(monster) == null && LeftWith(bob) == MonsterLeaveReasons.OutOfRange,
                },
                new Step
                {
                    Name = "chase_managed_player_carol_seen_by_alice",
                    Start = () =>
                    {
                        gm.Authority.SetPlayer("carol", CarolPos);
                        Command(MonsterCommand.Chase("carol"));
                    },
                    Done = () => commandOk && SawTarget(alice, "carol"),
                },
                new Step
                {
                    Name = "move_to_arrived",
                    Start = () =>
                    {
                        gm.Events.Clear();
                        Command(MonsterCommand.MoveTo(MoveToPos));
                    },
                    Done = () =>
                    {
                        foreach (MonsterEventMessage e in gm.Events)
                        {
                            sawArrived |= e.Monster == monster && e.Event == MonsterEvents.Arrived;
                        }
                        return commandOk && sawArrived;
                    },
                },
                new Step
                {
                    Name = "despawn_leaves_and_event",
                    Start = () =>
                    {
                        gm.Authority.RemovePlayer("carol");
                        gm.Events.Clear();
                        Command(MonsterCommand.Despawn());
                    },
                    Done = () => commandOk && LeftWith(alice) == MonsterLeaveReasons.Despawned
                        && LeftWith(gm) == MonsterLeaveReasons.Despawned
                        && gm.Events.Exists(e => e.Monster == monster && e.Event == MonsterEvents.Despawned),
                },
            };
        }

        private bool Entered(Viewer v)
        {
            MonsterBrain b = v.Find(monster);
            return b != null && b.Kind != null; // Kind is set only by monster_enter
        }

        private bool SawTarget(Viewer v, string target)
        {
            return monster != null && v.TargetsSeen.Contains(monster + ":" + target);
        }

        private string LeftWith(Viewer v)
        {
            string reason;
            return monster != null && v.LeftWith.TryGetValue(monster, out reason) ? reason : null;
        }
    }
}
