using System;
using System.Collections.Generic;
using System.Globalization;

namespace NavServer.Client
{
    /// <summary>
    /// The game logic's side of the shared world, for an authority session (a <c>hello</c> with the server's
    /// <c>server.authorityToken</c>, see <see cref="NavConnectionSettings.Token"/>): spawns monsters, commands them,
    /// defines routes, moves the players it manages, and hears the answers by request id (<c>spawned</c>,
    /// <c>command_ok</c>, <c>route_ok</c>, <c>error</c>) and every <c>monster_event</c> of its map. A player session
    /// may use it too; the server then answers every request with <c>error</c> <c>forbidden</c>.
    ///
    /// <para>Each request method returns the request's id, or -1 when there is no session to send it on (nothing is
    /// sent and no callback will run). A sent request ends exactly once: in its <c>done</c> callback and the matching
    /// event, or in its <c>failed</c> callback and <see cref="RequestFailed"/> (a server <c>error</c>, or
    /// <see cref="ConnectionLostCode"/> when the connection dropped first). Requests with invalid arguments throw
    /// <see cref="ArgumentException"/> and are not sent. Main thread only, like <see cref="NavConnection"/>.</para>
    /// </summary>
    public sealed class NavAuthority
    {
        /// <summary>
        /// The <c>code</c> of the <see cref="ErrorMessage"/> a request fails with when the connection was lost before
        /// its answer (client-side; never sent by the server).
        /// </summary>
        public const string ConnectionLostCode = "connection_lost";

        private sealed class Pending
        {
            public string Type;
            public Action<ServerMessage> Done;
            public Action<ErrorMessage> Failed;
        }

        private readonly INavRequestSender sender;
        private readonly Dictionary<string, Pending> pending = new Dictionary<string, Pending>();
        private readonly Dictionary<string, NavVector3> players = new Dictionary<string, NavVector3>();
        private readonly List<string> scratch = new List<string>();

        /// <summary>A <c>monster_spawn</c> of this authority succeeded.</summary>
        public event Action<SpawnedMessage> Spawned;
        /// <summary>A <c>monster_command</c> of this authority was applied.</summary>
        public event Action<CommandOkMessage> CommandOk;
        /// <summary>A <c>route</c> of this authority was defined.</summary>
        public event Action<RouteOkMessage> RouteOk;
        /// <summary>A request of this authority failed: (its id, the error).</summary>
        public event Action<long, ErrorMessage> RequestFailed;
        /// <summary>Every <c>monster_event</c> (aggro, leash, home, arrived, waypoint...).</summary>
        public event Action<MonsterEventMessage> MonsterEventReceived;

        /// <summary>An authority on <paramref name="connection"/>: subscribes to its messages, session starts and losses.</summary>
        public NavAuthority(NavConnection connection) : this((INavRequestSender)connection)
        {
            connection.MessageReceived += OnMessage;
            connection.WelcomeReceived += w => OnSessionStarted();
            connection.Disconnected += (reason, retry) => AbandonPending("connection lost: " + reason);
        }

        /// <summary>
        /// An authority that sends through <paramref name="sender"/>; feed it the server's messages with
        /// <see cref="OnMessage"/> and call <see cref="OnSessionStarted"/> / <see cref="AbandonPending"/> yourself.
        /// </summary>
        public NavAuthority(INavRequestSender sender)
        {
            if (sender == null)
            {
                throw new ArgumentNullException("sender");
            }
            this.sender = sender;
        }

        /// <summary>Requests sent and not answered yet.</summary>
        public int PendingRequests { get { return pending.Count; } }

        /// <summary>The players this authority manages, with the last position it gave each. Do not modify.</summary>
        public IReadOnlyDictionary<string, NavVector3> ManagedPlayers { get { return players; } }

        /// <summary>
        /// <c>monster_spawn</c> at <paramref name="pos"/>. Null arguments are left out: <paramref name="behaviour"/>
        /// idle, <paramref name="kind"/> <c>default</c>, <paramref name="map"/> the session's map,
        /// <paramref name="home"/> where it is placed. <paramref name="done"/> gets the new monster's id and position.
        /// </summary>
        public long SpawnMonster(NavVector3 pos, MonsterBehaviour behaviour = null, string kind = null, string map = null,
            NavVector3? home = null, Action<SpawnedMessage> done = null, Action<ErrorMessage> failed = null)
        {
            AuthorityChecks.Finite(pos, "pos");
            if (home.HasValue)
            {
                AuthorityChecks.Finite(home.Value, "home");
            }
            OptionalName(kind, "kind");
            OptionalName(map, "map");
            long id = sender.NextRequestId();
            string line = ProtocolWriter.MonsterSpawn(id, map, pos, kind, behaviour, home);
            return Request(id, SpawnedMessage.WireType, line, done, failed);
        }

        /// <summary><c>monster_command</c> for <paramref name="monster"/> (an id such as <c>m-17</c>).</summary>
        public long CommandMonster(string monster, MonsterCommand command, Action<CommandOkMessage> done = null,
            Action<ErrorMessage> failed = null)
        {
            AuthorityChecks.Name(monster, "monster");
            if (command == null)
            {
                throw new ArgumentNullException("command");
            }
            long id = sender.NextRequestId();
            string line = ProtocolWriter.MonsterCommand(id, monster, command);
            return Request(id, CommandOkMessage.WireType, line, done, failed);
        }

        /// <summary>
        /// <c>route</c>: defines or replaces the route <paramref name="name"/> of <paramref name="map"/> (null: the
        /// session's map) through 2..256 <paramref name="points"/>, walked in <paramref name="mode"/>
        /// (<see cref="RouteModes"/>), waiting <paramref name="waitSeconds"/> (0..3600) at each point.
        /// </summary>
        public long DefineRoute(string name, IReadOnlyList<NavVector3> points, string mode = RouteModes.Loop,
            double waitSeconds = 0, string map = null, Action<RouteOkMessage> done = null, Action<ErrorMessage> failed = null)
        {
            AuthorityChecks.Name(name, "name");
            OptionalName(map, "map");
            if (points == null || points.Count < 2 || points.Count > 256)
            {
                throw new ArgumentException("points: a route needs 2..256 points, got " + (points == null ? 0 : points.Count));
            }
            for (int i = 0; i < points.Count; i++)
            {
                AuthorityChecks.Finite(points[i], "points[" + i + "]");
            }
            if (mode != RouteModes.Loop && mode != RouteModes.PingPong && mode != RouteModes.Once)
            {
                throw new ArgumentException("mode must be loop, pingpong or once, got " + mode);
            }
            if (!(waitSeconds >= 0 && waitSeconds <= 3600))
            {
                throw new ArgumentException("waitSeconds must be 0..3600, got " + waitSeconds);
            }
            long id = sender.NextRequestId();
            string line = ProtocolWriter.Route(id, map, name, points, mode, waitSeconds);
            return Request(id, RouteOkMessage.WireType, line, done, failed);
        }

        /// <summary>
        /// Creates or moves the player <paramref name="name"/> this authority manages (<c>player_pos</c> with
        /// <c>player</c>); such players aggro monsters and are chased like connected ones. Remembered, and sent again
        /// when a new session starts (after a reconnect). False when there is no session (the position is still
        /// remembered). No answer comes; a refusal arrives as an <c>error</c> without id.
        /// </summary>
        public bool SetPlayer(string name, NavVector3 pos)
        {
            AuthorityChecks.Name(name, "player");
            AuthorityChecks.Finite(pos, "pos");
            players[name] = pos;
            return sender.Send(ProtocolWriter.PlayerPos(sender.NextPlayerSeq(), pos, name));
        }

        /// <summary>
        /// <c>player_leave</c>: removes a player this authority manages; returns the request id (echoed by an
        /// <c>error</c>, which arrives through <see cref="NavConnection.ErrorReceived"/>; success has no answer), or -1
        /// when there is no session.
        /// </summary>
        public long RemovePlayer(string name)
        {
            AuthorityChecks.Name(name, "player");
            players.Remove(name);
            long id = sender.NextRequestId();
            return sender.Send(ProtocolWriter.PlayerLeave(id, name)) ? id : -1;
        }

        /// <summary>A server message: answers of pending requests and <c>monster_event</c>s; others are ignored.</summary>
        public void OnMessage(ServerMessage m)
        {
            switch (m.Type)
            {
                case SpawnedMessage.WireType:
                    SpawnedMessage s = (SpawnedMessage)m;
                    if (Complete(s.Id, m) && Spawned != null)
                    {
                        Spawned(s);
                    }
                    return;
                case CommandOkMessage.WireType:
                    CommandOkMessage c = (CommandOkMessage)m;
                    if (Complete(c.Id, m) && CommandOk != null)
                    {
                        CommandOk(c);
                    }
                    return;
                case RouteOkMessage.WireType:
                    RouteOkMessage r = (RouteOkMessage)m;
                    if (Complete(r.Id, m) && RouteOk != null)
                    {
                        RouteOk(r);
                    }
                    return;
                case ErrorMessage.WireType:
                    ErrorMessage e = (ErrorMessage)m;
                    Pending p;
                    if (e.Id != null && pending.TryGetValue(e.Id.Raw, out p))
                    {
                        pending.Remove(e.Id.Raw);
                        Fail(e.Id.Raw, p, e);
                    }
                    return;
                case MonsterEventMessage.WireType:
                    if (MonsterEventReceived != null)
                    {
                        MonsterEventReceived((MonsterEventMessage)m);
                    }
                    return;
            }
        }

        /// <summary>A new session started: requests of the old one fail, managed players are sent again.</summary>
        public void OnSessionStarted()
        {
            AbandonPending("a new session started before the answer");
            foreach (KeyValuePair<string, NavVector3> e in players)
            {
                sender.Send(ProtocolWriter.PlayerPos(sender.NextPlayerSeq(), e.Value, e.Key));
            }
        }

        /// <summary>Every pending request fails with <see cref="ConnectionLostCode"/> and <paramref name="why"/>.</summary>
        public void AbandonPending(string why)
        {
            scratch.Clear();
            scratch.AddRange(pending.Keys);
            foreach (string raw in scratch)
            {
                Pending p = pending[raw];
                pending.Remove(raw);
                Fail(raw, p, new ErrorMessage(new RequestId(raw), ConnectionLostCode, why));
            }
        }

        private long Request<T>(long id, string answerType, string line, Action<T> done, Action<ErrorMessage> failed)
            where T : ServerMessage
        {
            if (!sender.Send(line))
            {
                return -1;
            }
            pending[id.ToString(CultureInfo.InvariantCulture)] = new Pending
            {
                Type = answerType,
                Done = done == null ? null : (Action<ServerMessage>)(m => done((T)m)),
                Failed = failed,
            };
            return id;
        }

        private bool Complete(RequestId id, ServerMessage answer)
        {
            Pending p;
            if (id == null || !pending.TryGetValue(id.Raw, out p) || p.Type != answer.Type)
            {
                return false; // not one of ours (a player's spawn, another tool's request)
            }
            pending.Remove(id.Raw);
            if (p.Done != null)
            {
                p.Done(answer);
            }
            return true;
        }

        private void Fail(string raw, Pending p, ErrorMessage e)
        {
            if (p.Failed != null)
            {
                p.Failed(e);
            }
            if (RequestFailed != null)
            {
                RequestFailed(long.Parse(raw, NumberStyles.None, CultureInfo.InvariantCulture), e);
            }
        }

        private static void OptionalName(string value, string field)
        {
            if (value != null)
            {
                AuthorityChecks.Name(value, field);
            }
        }
    }
}
