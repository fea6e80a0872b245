namespace NavServer.Client
{
    // Server -> client messages of the shared world (issue 26): interest management (monster_enter / monster_leave /
    // monster_state, to every session that has the monster in view) and the authority's answers and events
    // (command_ok, route_ok, monster_event; spawned is SpawnedMessage). Same conventions as Messages.cs: immutable,
    // PascalCase wire names, optional fields nullable, unknown fields ignored.

    /// <summary>
    /// The wire states of a monster (<c>state</c> of <c>monster_enter</c>, <c>monster_state</c>, <c>nav_path</c> and
    /// <c>monsters</c>).
    /// </summary>
    public static class MonsterStates
    {
        public const string Idle = "idle";
        public const string Wander = "wander";
        public const string Patrol = "patrol";
        public const string Chase = "chase";
        /// <summary>Chasing, handed to the chased player's client (<c>local_nav</c>).</summary>
        public const string Local = "local";
        public const string MoveTo = "move_to";
        public const string Follow = "follow";
        public const string Flee = "flee";
        /// <summary>Walking home after a leash or a lost target; ignores aggro on the way.</summary>
        public const string ReturnHome = "return_home";
        public const string Unreachable = "unreachable";
    }

    /// <summary>
    /// <c>monster_enter</c>: a monster came into this session's view (spawned within range, walked in, or the player
    /// walked up to it). Its current <c>nav_path</c> follows at once when it is moving.
    /// </summary>
    public sealed class MonsterEnterMessage : ServerMessage
    {
        public const string WireType = "monster_enter";
        public override string Type { get { return WireType; } }
        public string Monster { get; }
        /// <summary>The monster's kind (config <c>monsters.kinds.&lt;name&gt;</c>), e.g. <c>wolf</c>.</summary>
        public string Kind { get; }
        /// <summary>Where it stands now, metres.</summary>
        public NavVector3 Pos { get; }
        /// <summary>Body radius, metres.</summary>
        public double RadiusMeters { get; }
        public double SpeedMetersPerSecond { get; }
        /// <summary>A wire state of <see cref="MonsterStates"/>.</summary>
        public string State { get; }
        /// <summary>The chased player's name while chasing; null otherwise.</summary>
        public string Target { get; }
        /// <summary>Its home (where it returns after a leash); null when the server did not send one.</summary>
        public NavVector3? Home { get; }

        public MonsterEnterMessage(string monster, string kind, NavVector3 pos, double radiusMeters,
            double speedMetersPerSecond, string state, string target, NavVector3? home)
        {
            Monster = monster;
            Kind = kind;
            Pos = pos;
            RadiusMeters = radiusMeters;
            SpeedMetersPerSecond = speedMetersPerSecond;
            State = state;
            Target = target;
            Home = home;
        }
    }

    /// <summary>The <c>reason</c>s of <c>monster_leave</c>.</summary>
    public static class MonsterLeaveReasons
    {
        /// <summary>The monster is beyond <c>aoi.radiusMeters + aoi.hysteresisMeters</c> of the player.</summary>
        public const string OutOfRange = "out_of_range";
        /// <summary>The monster no longer exists.</summary>
        public const string Despawned = "despawned";
    }

    /// <summary><c>monster_leave</c>: the session no longer hears about this monster.</summary>
    public sealed class MonsterLeaveMessage : ServerMessage
    {
        public const string WireType = "monster_leave";
        public override string Type { get { return WireType; } }
        public string Monster { get; }
        /// <summary>One of <see cref="MonsterLeaveReasons"/>.</summary>
        public string Reason { get; }

        public MonsterLeaveMessage(string monster, string reason)
        {
            Monster = monster;
            Reason = reason;
        }
    }

    /// <summary><c>monster_state</c>: a monster in view changed its wire state (or its target while chasing).</summary>
    public sealed class MonsterStateMessage : ServerMessage
    {
        public const string WireType = "monster_state";
        public override string Type { get { return WireType; } }
        public string Monster { get; }
        /// <summary>A wire state of <see cref="MonsterStates"/>.</summary>
        public string State { get; }
        /// <summary>The chased player's name while chasing; null otherwise.</summary>
        public string Target { get; }

        public MonsterStateMessage(string monster, string state, string target)
        {
            Monster = monster;
            State = state;
            Target = target;
        }
    }

    /// <summary><c>command_ok</c>: the authority's <c>monster_command</c> with this <see cref="Id"/> was applied.</summary>
    public sealed class CommandOkMessage : ServerMessage
    {
        public const string WireType = "command_ok";
        public override string Type { get { return WireType; } }
        public RequestId Id { get; }
        public string Monster { get; }

        public CommandOkMessage(RequestId id, string monster)
        {
            Id = id;
            Monster = monster;
        }
    }

    /// <summary><c>route_ok</c>: the authority's <c>route</c> with this <see cref="Id"/> was defined (or replaced).</summary>
    public sealed class RouteOkMessage : ServerMessage
    {
        public const string WireType = "route_ok";
        public override string Type { get { return WireType; } }
        public RequestId Id { get; }
        /// <summary>The route's name.</summary>
        public string Name { get; }

        public RouteOkMessage(RequestId id, string name)
        {
            Id = id;
            Name = name;
        }
    }

    /// <summary>The <c>event</c>s of <c>monster_event</c>.</summary>
    public static class MonsterEvents
    {
        /// <summary>Started chasing <c>target</c> on its own (a player came within its aggro radius).</summary>
        public const string Aggro = "aggro";
        /// <summary>Its target left, disconnected or stayed unreachable.</summary>
        public const string TargetLost = "target_lost";
        /// <summary>Too far from home for too long: it gives up and returns home.</summary>
        public const string Leash = "leash";
        /// <summary>Back home; the default behaviour resumes.</summary>
        public const string Home = "home";
        /// <summary>A <c>move_to</c> ended.</summary>
        public const string Arrived = "arrived";
        /// <summary>Reached point <c>index</c> of <c>route</c>.</summary>
        public const string Waypoint = "waypoint";
        public const string Unreachable = "unreachable";
        public const string Despawned = "despawned";
    }

    /// <summary><c>monster_event</c>, to authority sessions only: something happened to a monster of the map.</summary>
    public sealed class MonsterEventMessage : ServerMessage
    {
        public const string WireType = "monster_event";
        public override string Type { get { return WireType; } }
        public string Monster { get; }
        /// <summary>One of <see cref="MonsterEvents"/>.</summary>
        public string Event { get; }
        /// <summary>The player concerned (aggro, target_lost...); null when none.</summary>
        public string Target { get; }
        /// <summary>The route of a <c>waypoint</c> event; null otherwise.</summary>
        public string Route { get; }
        /// <summary>The route point index of a <c>waypoint</c> event (0-based); null otherwise.</summary>
        public int? Index { get; }

        public MonsterEventMessage(string monster, string @event, string target, string route, int? index)
        {
            Monster = monster;
            Event = @event;
            Target = target;
            Route = route;
            Index = index;
        }
    }
}
