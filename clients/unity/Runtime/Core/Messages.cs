using System.Collections.Generic;

namespace NavServer.Client
{
    // Server -> client messages of docs/protocol.md (protocol 1), one immutable class per wire type. Field names
    // follow the wire names in PascalCase; optional wire fields are nullable or have a Has* flag. Unknown wire fields
    // are ignored (the protocol's compatibility rule). Request ids are kept as the raw JSON text of the id
    // (RequestId.Raw), so "5" and 5 stay different, as the protocol says.

    /// <summary>A request id as sent: the JSON text of a string or number id (<c>"q1"</c> keeps its quotes).</summary>
    public sealed class RequestId
    {
        /// <summary>The id's JSON text, e.g. <c>5</c> or <c>"q1"</c>.</summary>
        public string Raw { get; }

        public RequestId(string raw)
        {
            Raw = raw;
        }

        public override string ToString()
        {
            return Raw;
        }
    }

    /// <summary>Base of every server message; <see cref="Type"/> is the wire <c>type</c>.</summary>
    public abstract class ServerMessage
    {
        public abstract string Type { get; }
    }

    /// <summary><c>welcome.map</c>: origin is the centre of cell (0, 0); columns toward +x, rows toward -z.</summary>
    public sealed class MapInfo
    {
        public string Name { get; }
        public NavVector3 Origin { get; }
        /// <summary>Cell side, metres.</summary>
        public double CellSize { get; }
        /// <summary>Columns.</summary>
        public int Width { get; }
        /// <summary>Rows.</summary>
        public int Height { get; }

        public MapInfo(string name, NavVector3 origin, double cellSize, int width, int height)
        {
            Name = name;
            Origin = origin;
            CellSize = cellSize;
            Width = width;
            Height = height;
        }
    }

    public sealed class WelcomeMessage : ServerMessage
    {
        public const string WireType = "welcome";
        public override string Type { get { return WireType; } }
        public RequestId Id { get; }
        public int Protocol { get; }
        public string Session { get; }
        public string Player { get; }
        public MapInfo Map { get; }
        public int TickHz { get; }
        public double NavIntervalSeconds { get; }
        public double MoveThresholdMeters { get; }
        public double LocalNavDistanceMeters { get; }
        /// <summary><c>authority</c> or <c>player</c>; null from a server that does not send it.</summary>
        public string Role { get; }
        /// <summary>Version of the session's map (1 at first load, +1 per reload); 0 from a server that does not send it.</summary>
        public long MapVersion { get; }

        public WelcomeMessage(RequestId id, int protocol, string session, string player, MapInfo map, int tickHz,
            double navIntervalSeconds, double moveThresholdMeters, double localNavDistanceMeters, string role = null,
            long mapVersion = 0)
        {
            Role = role;
            MapVersion = mapVersion;
            Id = id;
            Protocol = protocol;
            Session = session;
            Player = player;
            Map = map;
            TickHz = tickHz;
            NavIntervalSeconds = navIntervalSeconds;
            MoveThresholdMeters = moveThresholdMeters;
            LocalNavDistanceMeters = localNavDistanceMeters;
        }
    }

    /// <summary>
    /// <c>spawned</c>: the answer to a player's <c>spawn</c> or an authority's <c>monster_spawn</c> with this
    /// <see cref="Id"/>.
    /// </summary>
    public sealed class SpawnedMessage : ServerMessage
    {
        public const string WireType = "spawned";
        public override string Type { get { return WireType; } }
        public RequestId Id { get; }
        public string Monster { get; }
        public NavVector3 Pos { get; }

        public SpawnedMessage(RequestId id, string monster, NavVector3 pos)
        {
            Id = id;
            Monster = monster;
            Pos = pos;
        }
    }

    /// <summary><c>path</c>, the answer to <c>path_query</c>.</summary>
    public sealed class PathMessage : ServerMessage
    {
        public const string WireType = "path";
        public override string Type { get { return WireType; } }
        public RequestId Id { get; }
        /// <summary><c>ok</c>, <c>partial</c>, <c>unreachable</c>, <c>blocked</c> or <c>out_of_bounds</c>.</summary>
        public string Status { get; }
        public IReadOnlyList<NavVector3> Points { get; }
        /// <summary>Polyline length, metres.</summary>
        public double Length { get; }
        /// <summary>Version of the map the path was planned on; 0 from a server that does not send it.</summary>
        public long MapVersion { get; }

        public PathMessage(RequestId id, string status, IReadOnlyList<NavVector3> points, double length,
            long mapVersion = 0)
        {
            MapVersion = mapVersion;
            Id = id;
            Status = status;
            Points = points;
            Length = length;
        }
    }

    public sealed class PathValidMessage : ServerMessage
    {
        public const string WireType = "path_valid";
        public override string Type { get { return WireType; } }
        public RequestId Id { get; }
        public bool Valid { get; }
        /// <summary>Present only when <see cref="Valid"/> is false.</summary>
        public int? BadSegment { get; }
        /// <summary><c>off_map</c>, <c>blocked</c>, <c>corner</c> or <c>empty</c>; null when valid.</summary>
        public string Reason { get; }

        public PathValidMessage(RequestId id, bool valid, int? badSegment, string reason)
        {
            Id = id;
            Valid = valid;
            BadSegment = badSegment;
            Reason = reason;
        }
    }

    public sealed class PongMessage : ServerMessage
    {
        public const string WireType = "pong";
        public override string Type { get { return WireType; } }
        public RequestId Id { get; }
        /// <summary>Server clock, seconds.</summary>
        public double ServerTime { get; }

        public PongMessage(RequestId id, double serverTime)
        {
            Id = id;
            ServerTime = serverTime;
        }
    }

    /// <summary>
    /// <c>nav_path</c>: the path one monster walks; drop it when its <see cref="Seq"/> is not newer. It goes to every
    /// session that has the monster in view, whoever the monster chases (or when it chases nobody: patrol, wander...).
    /// </summary>
    public sealed class NavPathMessage : ServerMessage
    {
        public const string WireType = "nav_path";
        public override string Type { get { return WireType; } }
        public string Monster { get; }
        /// <summary>Increases per monster.</summary>
        public long Seq { get; }
        /// <summary>The <c>seq</c> of the <c>player_pos</c> the plan aimed at; 0 when absent (a path toward another player).</summary>
        public long PlayerSeq { get; }
        /// <summary><c>ok</c>, <c>partial</c> or <c>unreachable</c>.</summary>
        public string Status { get; }
        /// <summary>The wire key <c>nav_path</c>: turning points from the monster to its goal.</summary>
        public IReadOnlyList<NavVector3> Points { get; }
        public double SpeedMetersPerSecond { get; }
        public double ServerTime { get; }
        /// <summary>Version of the map the path was planned on; 0 from a server that does not send it.</summary>
        public long MapVersion { get; }

        /// <summary>The monster's wire state (<see cref="MonsterStates"/>); null from a server that does not send it.</summary>
        public string State { get; }
        /// <summary>The chased player's name while chasing; null otherwise or from a server that does not send it.</summary>
        public string Target { get; }

        public NavPathMessage(string monster, long seq, long playerSeq, string status, IReadOnlyList<NavVector3> points,
            double speedMetersPerSecond, double serverTime, long mapVersion = 0, string state = null, string target = null)
        {
            MapVersion = mapVersion;
            State = state;
            Target = target;
            Monster = monster;
            Seq = seq;
            PlayerSeq = playerSeq;
            Status = status;
            Points = points;
            SpeedMetersPerSecond = speedMetersPerSecond;
            ServerTime = serverTime;
        }
    }

    /// <summary>
    /// <c>local_nav</c>, only for monsters chasing this session's player: <see cref="Active"/> true hands the monster
    /// to the client's NavMeshAgent, false hands it back. <see cref="Slot"/> (wire <c>"slot":[x,y,z]</c>, sent by
    /// servers with surround slots) is where the agent should go; null when the server sent none (then the agent goes
    /// to the player).
    /// </summary>
    public sealed class LocalNavMessage : ServerMessage
    {
        public const string WireType = "local_nav";
        public override string Type { get { return WireType; } }
        public string Monster { get; }
        public bool Active { get; }
        public NavVector3? Slot { get; }

        public LocalNavMessage(string monster, bool active, NavVector3? slot)
        {
            Monster = monster;
            Active = active;
            Slot = slot;
        }
    }

    /// <summary>One entry of <c>monsters.list</c>.</summary>
    public sealed class MonsterSnapshot
    {
        public string Monster { get; }
        public NavVector3 Pos { get; }
        /// <summary>A wire state of <see cref="MonsterStates"/>.</summary>
        public string State { get; }

        public MonsterSnapshot(string monster, NavVector3 pos, string state)
        {
            Monster = monster;
            Pos = pos;
            State = state;
        }
    }

    /// <summary><c>monsters</c>: the authoritative positions of every monster in this session's view.</summary>
    public sealed class MonstersMessage : ServerMessage
    {
        public const string WireType = "monsters";
        public override string Type { get { return WireType; } }
        public double ServerTime { get; }
        public IReadOnlyList<MonsterSnapshot> List { get; }

        public MonstersMessage(double serverTime, IReadOnlyList<MonsterSnapshot> list)
        {
            ServerTime = serverTime;
            List = list;
        }
    }

    /// <summary>One edit of a <c>map_patch</c>: the cell rectangle <c>[col, row, width, height]</c> set to a terrain.</summary>
    public sealed class MapEdit
    {
        public int Col { get; }
        public int Row { get; }
        /// <summary>Columns covered.</summary>
        public int Width { get; }
        /// <summary>Rows covered.</summary>
        public int Height { get; }
        /// <summary>Terrain name, e.g. <c>wall</c> or <c>open</c>.</summary>
        public string Terrain { get; }

        public MapEdit(int col, int row, int width, int height, string terrain)
        {
            Col = col;
            Row = row;
            Width = width;
            Height = height;
            Terrain = terrain;
        }
    }

    /// <summary>
    /// <c>map_patch</c>: edits to the grid of <see cref="Map"/> in application order, bringing it to
    /// <see cref="Version"/>; <see cref="Reset"/> true means the map file was reloaded and the client must re-read the map.
    /// </summary>
    public sealed class MapPatchMessage : ServerMessage
    {
        public const string WireType = "map_patch";
        public override string Type { get { return WireType; } }
        public string Map { get; }
        public long Version { get; }
        public IReadOnlyList<MapEdit> Edits { get; }
        public bool Reset { get; }

        public MapPatchMessage(string map, long version, IReadOnlyList<MapEdit> edits, bool reset)
        {
            Map = map;
            Version = version;
            Edits = edits;
            Reset = reset;
        }
    }

    public sealed class ErrorMessage : ServerMessage
    {
        public const string WireType = "error";
        public override string Type { get { return WireType; } }
        /// <summary>The failed request's id, or null.</summary>
        public RequestId Id { get; }
        /// <summary>An error code of docs/protocol.md, e.g. <c>bad_field</c>.</summary>
        public string Code { get; }
        /// <summary>For humans; do not parse.</summary>
        public string Message { get; }

        public ErrorMessage(RequestId id, string code, string message)
        {
            Id = id;
            Code = code;
            Message = message;
        }
    }

    /// <summary><c>bye</c> from the server, sent before it closes the connection.</summary>
    public sealed class ByeMessage : ServerMessage
    {
        public const string WireType = "bye";
        public override string Type { get { return WireType; } }
        /// <summary><c>shutdown</c>, <c>idle</c>, <c>rate_limited</c>, <c>slow_reader</c> or <c>client</c>; may be null.</summary>
        public string Reason { get; }

        public ByeMessage(string reason)
        {
            Reason = reason;
        }
    }

    /// <summary>
    /// <c>redirect</c>: another node of a cluster serves <see cref="Map"/>; <c>bye</c> reason <c>redirect</c> and the
    /// close follow. <see cref="NavConnection"/> connects to <see cref="Host"/>:<see cref="Port"/> and says
    /// <c>hello</c> again by itself.
    /// </summary>
    public sealed class RedirectMessage : ServerMessage
    {
        public const string WireType = "redirect";
        public override string Type { get { return WireType; } }
        /// <summary>The map of the <c>hello</c> (or of the session) that another node serves.</summary>
        public string Map { get; }
        /// <summary>The serving node's host name or address.</summary>
        public string Host { get; }
        /// <summary>The serving node's game port, 1..65535.</summary>
        public int Port { get; }

        public RedirectMessage(string map, string host, int port)
        {
            Map = map;
            Host = host;
            Port = port;
        }
    }

    /// <summary>A well-formed message of a type this client does not know (a newer server); ignored by default.</summary>
    public sealed class UnknownMessage : ServerMessage
    {
        private readonly string type;
        public override string Type { get { return type; } }
        /// <summary>The whole line.</summary>
        public string Line { get; }

        public UnknownMessage(string type, string line)
        {
            this.type = type;
            Line = line;
        }
    }
}
