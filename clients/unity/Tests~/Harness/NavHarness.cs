using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Threading;

namespace NavServer.Client.Harness
{
    /// <summary>
    /// Headless proof of the package's engine-free core against a real server:
    /// <c>mono NavHarness.exe --host 127.0.0.1 --port P --map FILE --monsters N --seconds S</c>. Plays N clients, each a
    /// player that spawns one monster and follows it with <see cref="NavConnection"/>, <see cref="MonsterRegistry"/>
    /// and <see cref="MonsterBrain"/> exactly as the Unity components do, with a recording stand-in for the
    /// NavMeshAgent. Checks every <c>nav_path</c> point against the map FILE; the player hops to a new spot once its
    /// monsters are handed over (so hand-backs and fresh paths follow). Prints progress events on stderr and one
    /// summary line starting <c>harness:</c> on stdout; exit 1 on any unwalkable point, parse failure, server error,
    /// map mismatch or missing handoff, 2 on bad arguments. <c>--self-test</c> runs the core's offline checks;
    /// <c>--scenario world --token T</c> runs <see cref="WorldScenario"/> (two players and an authority sharing one
    /// monster) instead of the chase clients; <c>--scenario redirect</c> runs the chase clients against a node that
    /// redirects the map to another one, and prints a <c>redirect:</c> line instead (every client must be redirected,
    /// then welcomed and sent walkable <c>nav_path</c>s by the other node).
    /// </summary>
    public static class NavHarness
    {
        public static int Main(string[] args)
        {
            Options o;
            try
            {
                o = Options.Parse(args);
            }
            catch (ArgumentException e)
            {
                Console.Error.WriteLine("harness: " + e.Message);
                Console.Error.WriteLine("usage: mono NavHarness.exe --host H --port P --map FILE --monsters N --seconds S"
                    + " [--map-name NAME] [--hop-seconds H] [--seed K] [--scenario chase|world|redirect --token T --step-seconds S]"
                    + " | --self-test");
                return 2;
            }
            if (o.SelfTest)
            {
                return SelfTest.Run();
            }
            NavGrid grid;
            try
            {
                grid = NavGridFormat.Load(o.MapFile);
            }
            catch (Exception e)
            {
                Console.Error.WriteLine("harness: cannot load map: " + e.Message);
                return 2;
            }
            return o.Scenario == "world" ? new WorldScenario(o, grid).Execute() : new Run(o, grid).Execute();
        }
    }

    internal sealed class Options
    {
        public string Host = "127.0.0.1";
        public int Port = 7400;
        public string MapFile;
        public string MapName;
        public int Monsters = 4;
        public double Seconds = 10;
        public double HopSeconds = 8;
        public int Seed = 1;
        public bool SelfTest;
        /// <summary>
        /// <c>chase</c> (players following their own monsters), <c>world</c> (<see cref="WorldScenario"/>) or
        /// <c>redirect</c> (chase clients sent to another node first).
        /// </summary>
        public string Scenario = "chase";
        /// <summary>The server's authority token, for the world scenario's authority session.</summary>
        public string Token;
        /// <summary>Deadline of each world scenario step, seconds.</summary>
        public double StepSeconds = 10;

        public static Options Parse(string[] args)
        {
            var o = new Options();
            for (int i = 0; i < args.Length; i++)
            {
                string a = args[i];
                if (a == "--self-test")
                {
                    o.SelfTest = true;
                    continue;
                }
                if (i + 1 >= args.Length)
                {
                    throw new ArgumentException(a + " needs a value");
                }
                string v = args[++i];
                switch (a)
                {
                    case "--host": o.Host = v; break;
                    case "--port": o.Port = Int(a, v, 1, 65535); break;
                    case "--map": o.MapFile = v; break;
                    case "--map-name": o.MapName = v; break;
                    case "--monsters": o.Monsters = Int(a, v, 1, 256); break;
                    case "--seconds": o.Seconds = Num(a, v, 0.5, 3600); break;
                    case "--hop-seconds": o.HopSeconds = Num(a, v, 0.5, 3600); break;
                    case "--seed": o.Seed = Int(a, v, 0, int.MaxValue); break;
                    case "--scenario":
                        if (v != "chase" && v != "world" && v != "redirect")
                        {
                            throw new ArgumentException("--scenario must be chase, world or redirect, got '" + v + "'");
                        }
                        o.Scenario = v;
                        break;
                    case "--token": o.Token = v; break;
                    case "--step-seconds": o.StepSeconds = Num(a, v, 1, 600); break;
                    default: throw new ArgumentException("unknown option " + a);
                }
            }
            if (!o.SelfTest && o.MapFile == null)
            {
                throw new ArgumentException("--map FILE is required");
            }
            if (o.Scenario == "world" && string.IsNullOrEmpty(o.Token))
            {
                throw new ArgumentException("--scenario world needs --token (the server's server.authorityToken)");
            }
            return o;
        }

        private static int Int(string name, string v, int min, int max)
        {
            int r;
            if (!int.TryParse(v, NumberStyles.None, CultureInfo.InvariantCulture, out r) || r < min || r > max)
            {
                throw new ArgumentException(name + " must be an integer " + min + ".." + max + ", got '" + v + "'");
            }
            return r;
        }

        private static double Num(string name, string v, double min, double max)
        {
            double r;
            if (!double.TryParse(v, NumberStyles.Float, CultureInfo.InvariantCulture, out r) || !(r >= min) || !(r <= max))
            {
                throw new ArgumentException(name + " must be a number " + min + ".." + max + ", got '" + v + "'");
            }
            return r;
        }
    }

    /// <summary>The NavMeshAgent stand-in: records calls and walks straight to its destination.</summary>
    internal sealed class RecordingAgent : ILocalAgent
    {
        public bool Active;
        public int Activations;
        public int Destinations;
        public NavVector3 LastDestination;
        public double SpeedMetersPerSecond = 2;
        private NavVector3 position;

        public void Activate(NavVector3 at)
        {
            Active = true;
            Activations++;
            position = at;
        }

        public void SetDestination(NavVector3 destination)
        {
            Destinations++;
            LastDestination = destination;
        }

        public void Deactivate()
        {
            Active = false;
        }

        public NavVector3 Position { get { return position; } }

        public void Tick(double dt)
        {
            if (!Active)
            {
                return;
            }
            double d = NavVector3.DistanceXZ(position, LastDestination);
            double step = Math.Min(SpeedMetersPerSecond * dt, Math.Max(0, d - 1.0));
            if (step > 0)
            {
                position = NavVector3.Lerp(position, LastDestination, step / d);
            }
        }
    }

    /// <summary>Counters shared by every client of a run (main thread only).</summary>
    internal sealed class Totals
    {
        public int Monsters;
        public int NavPaths;
        public long Points;
        public long Unwalkable;
        public int ParseFailures;
        public int Errors;
        public int MissingHandoffs;
        public int MapMismatches;
        public double RttSum;
        public int RttCount;
        public int Redirects;
        /// <summary>The node the last <c>redirect</c> named, host:port; null before any.</summary>
        public string RedirectedTo;
        public int GaveUp;
    }

    /// <summary>One simulated player and its monsters.</summary>
    internal sealed class HarnessClient
    {
        private readonly int index;
        private readonly NavGrid grid;
        private readonly List<int> island;
        private readonly Random random;
        private readonly Totals totals;
        private readonly double hopSeconds;
        private readonly Dictionary<string, RecordingAgent> agents = new Dictionary<string, RecordingAgent>();
        private NavVector3 player;
        private double sinceHop;
        private double allLocalFor;
        private bool spawnSent;

        public readonly NavConnection Connection;
        public readonly MonsterRegistry Registry = new MonsterRegistry();

        public HarnessClient(int index, Options o, string mapName, NavGrid grid, List<int> island, Totals totals)
        {
            this.index = index;
            this.grid = grid;
            this.island = island;
            this.totals = totals;
            hopSeconds = o.HopSeconds;
            random = new Random(o.Seed * 7919 + index);
            player = RandomCell(null, 0, 0);
            Connection = new NavConnection(new NavConnectionSettings
            {
                Host = o.Host,
                Port = o.Port,
                Player = "harness-" + index,
                Map = mapName,
                PlayerPosHz = 20,
                PingIntervalSeconds = 0.5,
                ReconnectMinSeconds = 0.1,
                ReconnectMaxSeconds = 1.0,
                ConnectTimeoutSeconds = 2,
            });
            Registry.Attach(Connection);
            Registry.MonsterAppeared += b =>
            {
                totals.Monsters++;
                var agent = new RecordingAgent();
                agents[b.Id] = agent;
                b.Agent = agent;
            };
            Registry.MonsterLeft += b => agents.Remove(b.Id);
            Connection.WelcomeReceived += OnWelcome;
            Connection.NavPathReceived += OnNavPath;
            Connection.LocalNavReceived += OnLocalNav;
            Connection.ParseFailed += (line, problem) =>
            {
                totals.ParseFailures++;
                Event("parse_failure problem=\"" + problem + "\" line=" + line);
            };
            Connection.ErrorReceived += e =>
            {
                totals.Errors++;
                Event("error code=" + e.Code + " message=\"" + e.Message + "\"");
            };
            Connection.Disconnected += (reason, retry) => Event("disconnected reason=\"" + reason + "\" retry_s=" + F(retry));
            Connection.ByeReceived += b => Event("bye reason=" + b.Reason);
            Connection.Redirected += (toHost, toPort) =>
            {
                totals.Redirects++;
                totals.RedirectedTo = toHost + ":" + toPort;
                Event("redirected to=" + totals.RedirectedTo);
            };
            Connection.GaveUp += reason =>
            {
                totals.GaveUp++;
                Event("gave_up reason=\"" + reason + "\"");
            };
            Connection.RoundTripMeasured += s =>
            {
                totals.RttSum += s;
                totals.RttCount++;
            };
        }

        private void Event(string text)
        {
            Console.Error.WriteLine("harness-event: client=" + index + " reconnects=" + Connection.Reconnects + " " + text);
        }

        private static string F(double v)
        {
            return v.ToString("0.###", CultureInfo.InvariantCulture);
        }

        private void OnWelcome(WelcomeMessage w)
        {
            MapInfo m = w.Map;
            if (m.Width != grid.Width || m.Height != grid.Height || m.CellSize != grid.CellSize
                || !m.Origin.Equals(grid.Origin))
            {
                totals.MapMismatches++;
                Event("map_mismatch server=" + m.Width + "x" + m.Height + "@" + m.Origin + "/" + F(m.CellSize)
                    + " file=" + grid.Width + "x" + grid.Height + "@" + grid.Origin + "/" + F(grid.CellSize));
            }
            Event("welcome session=" + w.Session + " map=" + m.Name);
            spawnSent = false;
            sinceHop = 0;
            allLocalFor = 0;
        }

        private void OnNavPath(NavPathMessage m)
        {
            totals.NavPaths++;
            RecordingAgent agent;
            if (agents.TryGetValue(m.Monster, out agent))
            {
                agent.SpeedMetersPerSecond = m.SpeedMetersPerSecond;
            }
            for (int i = 0; i < m.Points.Count; i++)
            {
                totals.Points++;
                NavVector3 p = m.Points[i];
                if (!grid.Walkable(p))
                {
                    totals.Unwalkable++;
                    Event("unwalkable monster=" + m.Monster + " seq=" + m.Seq + " point=" + i + " pos=" + p
                        + " cell=" + grid.Col(p.X) + "," + grid.Row(p.Z));
                }
            }
        }

        // Runs after the registry's handler (subscribed later): the brain must now be in local mode with its agent
        // active and sent to the slot, or to the player when the message has none.
        private void OnLocalNav(LocalNavMessage m)
        {
            MonsterBrain b = Registry.Find(m.Monster);
            if (!m.Active)
            {
                Event("handback monster=" + m.Monster);
                return;
            }
            NavVector3 expected = m.Slot.HasValue ? m.Slot.Value : Registry.PlayerPosition;
            RecordingAgent agent;
            bool ok = b != null && b.Mode == MonsterMode.Local && agents.TryGetValue(m.Monster, out agent)
                && agent.Active && agent.Destinations > 0 && agent.LastDestination.Equals(expected);
            if (!ok)
            {
                totals.MissingHandoffs++;
                Event("missing_handoff monster=" + m.Monster);
                return;
            }
            Event("handoff monster=" + m.Monster + " slot=" + (m.Slot.HasValue ? m.Slot.Value.ToString() : "none"));
        }

        /// <summary>One frame.</summary>
        public void Frame(double dt)
        {
            Registry.PlayerPosition = player;
            Connection.SetPlayerPosition(player);
            Connection.Update();
            Registry.Tick(dt);
            foreach (RecordingAgent a in agents.Values)
            {
                a.Tick(dt);
            }
            if (Connection.State != ConnectionState.Welcomed)
            {
                return;
            }
            if (!spawnSent && Connection.PlayerSeq > 0)
            {
                spawnSent = true;
                Connection.Spawn(RandomCell(player, 8, 14));
            }
            sinceHop += dt;
            bool allLocal = Registry.Monsters.Count > 0;
            foreach (MonsterBrain b in Registry.Monsters.Values)
            {
                // in the shared world the other clients' monsters are in view too; they never go local here
                bool mine = b.Target == null || b.Target == Connection.Welcome.Player;
                if (mine && b.Mode != MonsterMode.Local)
                {
                    allLocal = false;
                }
            }
            allLocalFor = allLocal ? allLocalFor + dt : 0;
            if (allLocalFor >= 0.5 || sinceHop >= hopSeconds)
            {
                player = RandomCell(player, 7, 12);
                sinceHop = 0;
                allLocalFor = 0;
            }
        }

        /// <summary>A walkable cell centre of the island, at an XZ distance in [min, max] from <paramref name="from"/> when possible.</summary>
        private NavVector3 RandomCell(NavVector3? from, double min, double max)
        {
            NavVector3 best = default(NavVector3);
            for (int attempt = 0; attempt < 200; attempt++)
            {
                int id = island[random.Next(island.Count)];
                best = grid.CellCenter(id % grid.Width, id / grid.Width);
                if (from == null)
                {
                    return best;
                }
                double d = NavVector3.DistanceXZ(best, from.Value);
                if (d >= min && d <= max)
                {
                    return best;
                }
            }
            return best;
        }

        public int StaleDropped { get { return Registry.StaleNavPathsDropped; } }
        public int Handoffs { get { return Registry.Handoffs; } }
        public int Handbacks { get { return Registry.Handbacks; } }
    }

    internal sealed class Run
    {
        private readonly Options options;
        private readonly NavGrid grid;

        public Run(Options options, NavGrid grid)
        {
            this.options = options;
            this.grid = grid;
        }

        public int Execute()
        {
            List<int> island = LargestIsland(grid);
            if (island.Count == 0)
            {
                Console.Error.WriteLine("harness: the map has no walkable cell");
                return 2;
            }
            var totals = new Totals();
            string mapName = options.MapName ?? grid.Name;
            var clients = new List<HarnessClient>();
            for (int i = 0; i < options.Monsters; i++)
            {
                clients.Add(new HarnessClient(i, options, mapName, grid, island, totals));
            }
            foreach (HarnessClient c in clients)
            {
                c.Connection.Start();
            }
            var clock = Stopwatch.StartNew();
            double last = 0;
            while (clock.Elapsed.TotalSeconds < options.Seconds)
            {
                double now = clock.Elapsed.TotalSeconds;
                double dt = now - last;
                last = now;
                foreach (HarnessClient c in clients)
                {
                    c.Frame(dt);
                }
                Thread.Sleep(16); // the frame rate of a game loop, ~60 Hz
            }
            int stale = 0;
            int handoffs = 0;
            int handbacks = 0;
            int reconnects = 0;
            int welcomed = 0;
            foreach (HarnessClient c in clients)
            {
                stale += c.StaleDropped;
                handoffs += c.Handoffs;
                handbacks += c.Handbacks;
                reconnects += c.Connection.Reconnects;
                if (c.Connection.Welcome != null)
                {
                    welcomed++;
                }
                c.Connection.Close();
            }
            double rttMs = totals.RttCount == 0 ? double.NaN : 1000 * totals.RttSum / totals.RttCount;
            if (options.Scenario == "redirect")
            {
                return RedirectSummary(clients.Count, welcomed, totals);
            }
            var problems = new List<string>();
            if (welcomed < clients.Count) problems.Add("not_welcomed");
            if (totals.Unwalkable > 0) problems.Add("unwalkable");
            if (totals.ParseFailures > 0) problems.Add("parse_failures");
            if (totals.Errors > 0) problems.Add("server_errors");
            if (totals.MapMismatches > 0) problems.Add("map_mismatch");
            if (totals.MissingHandoffs > 0 || handoffs == 0) problems.Add("missing_handoff");
            if (totals.NavPaths == 0) problems.Add("no_nav_paths");
            Console.WriteLine("harness: clients=" + clients.Count + " monsters=" + totals.Monsters
                + " nav_paths=" + totals.NavPaths + " points=" + totals.Points + " unwalkable=" + totals.Unwalkable
                + " stale_dropped=" + stale + " handoffs=" + handoffs + " handbacks=" + handbacks
                + " missing_handoffs=" + totals.MissingHandoffs + " reconnects=" + reconnects
                + " parse_failures=" + totals.ParseFailures + " errors=" + totals.Errors
                + " rtt_ms=" + (double.IsNaN(rttMs) ? "na" : rttMs.ToString("0.00", CultureInfo.InvariantCulture))
                + " result=" + (problems.Count == 0 ? "ok" : string.Join(",", problems.ToArray())));
            return problems.Count == 0 ? 0 : 1;
        }

        /// <summary>The <c>redirect:</c> line: every client redirected, welcomed over there, sent walkable paths.</summary>
        private static int RedirectSummary(int clients, int welcomed, Totals totals)
        {
            var problems = new List<string>();
            if (totals.Redirects < clients) problems.Add("not_redirected");
            if (welcomed < clients) problems.Add("not_welcomed");
            if (totals.GaveUp > 0) problems.Add("gave_up");
            if (totals.Unwalkable > 0) problems.Add("unwalkable");
            if (totals.ParseFailures > 0) problems.Add("parse_failures");
            if (totals.Errors > 0) problems.Add("server_errors");
            if (totals.MapMismatches > 0) problems.Add("map_mismatch");
            if (totals.NavPaths == 0) problems.Add("no_nav_paths");
            Console.WriteLine("redirect: clients=" + clients + " redirects=" + totals.Redirects
                + " redirected_to=" + (totals.RedirectedTo ?? "none") + " welcomed=" + welcomed
                + " monsters=" + totals.Monsters + " nav_paths=" + totals.NavPaths + " unwalkable=" + totals.Unwalkable
                + " gave_up=" + totals.GaveUp + " parse_failures=" + totals.ParseFailures + " errors=" + totals.Errors
                + " result=" + (problems.Count == 0 ? "ok" : string.Join(",", problems.ToArray())));
            return problems.Count == 0 ? 0 : 1;
        }

        /// <summary>Cell ids of the largest 4-connected walkable area (reachable under any move rule).</summary>
        private static List<int> LargestIsland(NavGrid grid)
        {
            int w = grid.Width;
            int h = grid.Height;
            var label = new int[w * h];
            var best = new List<int>();
            var queue = new Queue<int>();
            int next = 0;
            for (int start = 0; start < w * h; start++)
            {
                if (label[start] != 0 || !grid.Walkable(start % w, start / w))
                {
                    continue;
                }
                next++;
                var members = new List<int>();
                label[start] = next;
                queue.Enqueue(start);
                while (queue.Count > 0)
                {
                    int id = queue.Dequeue();
                    members.Add(id);
                    int c = id % w;
                    int r = id / w;
                    Visit(grid, label, queue, next, c + 1, r);
                    Visit(grid, label, queue, next, c - 1, r);
                    Visit(grid, label, queue, next, c, r + 1);
                    Visit(grid, label, queue, next, c, r - 1);
                }
                if (members.Count > best.Count)
                {
                    best = members;
                }
            }
            return best;
        }

        private static void Visit(NavGrid grid, int[] label, Queue<int> queue, int mark, int c, int r)
        {
            if (!grid.Walkable(c, r))
            {
                return;
            }
            int id = r * grid.Width + c;
            if (label[id] == 0)
            {
                label[id] = mark;
                queue.Enqueue(id);
            }
        }
    }
}
