using System;

namespace NavServer.Client
{
    // The parts of the authority's requests (monster_spawn.behaviour, monster_command, route.mode), immutable and
    // checked when made, so a mistake fails in the caller's code instead of coming back as a bad_field error.

    /// <summary>
    /// A monster's default behaviour for <c>monster_spawn</c>: <see cref="Idle"/>, <see cref="Wander"/> within a
    /// radius of its home, or <see cref="Patrol"/> along a route of the map. Immutable.
    /// </summary>
    public sealed class MonsterBehaviour
    {
        public const string IdleType = "idle";
        public const string WanderType = "wander";
        public const string PatrolType = "patrol";

        /// <summary>The wire <c>type</c>: <c>idle</c>, <c>wander</c> or <c>patrol</c>.</summary>
        public string Type { get; }
        /// <summary>Wander radius around home, metres; 0 unless <see cref="Type"/> is <c>wander</c>.</summary>
        public double RadiusMeters { get; }
        /// <summary>The route's name; null unless <see cref="Type"/> is <c>patrol</c>.</summary>
        public string Route { get; }

        private MonsterBehaviour(string type, double radiusMeters, string route)
        {
            Type = type;
            RadiusMeters = radiusMeters;
            Route = route;
        }

        /// <summary>Stands where it is (until aggro or a command).</summary>
        public static MonsterBehaviour Idle()
        {
            return new MonsterBehaviour(IdleType, 0, null);
        }

        /// <summary>Wanders within <paramref name="radiusMeters"/> (finite, &gt; 0) of its home.</summary>
        public static MonsterBehaviour Wander(double radiusMeters)
        {
            return new MonsterBehaviour(WanderType, AuthorityChecks.Positive(radiusMeters, "radiusMeters"), null);
        }

        /// <summary>Walks the named route of the map (defined by <c>route</c> or the map's world file).</summary>
        public static MonsterBehaviour Patrol(string route)
        {
            return new MonsterBehaviour(PatrolType, 0, AuthorityChecks.Name(route, "route"));
        }
    }

    /// <summary>
    /// One <c>monster_command</c>. <see cref="Chase"/>, <see cref="MoveTo"/>, <see cref="Follow"/> and
    /// <see cref="Flee"/> set the monster's active behaviour; <see cref="Patrol"/>, <see cref="Wander"/> and
    /// <see cref="Stop"/> replace its default one and end the active one. Immutable.
    /// </summary>
    public sealed class MonsterCommand
    {
        /// <summary>The wire <c>command</c>, e.g. <c>chase</c> or <c>return_home</c>.</summary>
        public string Command { get; }
        /// <summary>A player name (chase, follow, flee); else null.</summary>
        public string Target { get; }
        /// <summary>A position (move_to, teleport); else null.</summary>
        public NavVector3? Pos { get; }
        /// <summary>True when a follow offset is set (wire <c>"offset":[dx,dz]</c>).</summary>
        public bool HasOffset { get; }
        /// <summary>Follow offset from the target along x, metres.</summary>
        public double OffsetDx { get; }
        /// <summary>Follow offset from the target along z, metres.</summary>
        public double OffsetDz { get; }
        /// <summary>A route name (patrol); else null.</summary>
        public string Route { get; }
        /// <summary>Wander radius, metres (wander); else 0.</summary>
        public double RadiusMeters { get; }

        private MonsterCommand(string command, string target = null, NavVector3? pos = null, NavVector3? offset = null,
            string route = null, double radiusMeters = 0)
        {
            Command = command;
            Target = target;
            Pos = pos;
            HasOffset = offset.HasValue;
            OffsetDx = offset.HasValue ? offset.Value.X : 0;
            OffsetDz = offset.HasValue ? offset.Value.Z : 0;
            Route = route;
            RadiusMeters = radiusMeters;
        }

        /// <summary>Chases the player <paramref name="target"/> (a connected or authority-managed player).</summary>
        public static MonsterCommand Chase(string target)
        {
            return new MonsterCommand("chase", target: AuthorityChecks.Name(target, "target"));
        }

        /// <summary>Walks to <paramref name="pos"/>; a <c>monster_event</c> <c>arrived</c> follows.</summary>
        public static MonsterCommand MoveTo(NavVector3 pos)
        {
            return new MonsterCommand("move_to", pos: AuthorityChecks.Finite(pos, "pos"));
        }

        /// <summary>Follows <paramref name="target"/>, keeping <c>[dx, dz]</c> metres from it (none: right behind it).</summary>
        public static MonsterCommand Follow(string target, double dx, double dz)
        {
            return new MonsterCommand("follow", target: AuthorityChecks.Name(target, "target"),
                offset: AuthorityChecks.Finite(new NavVector3(dx, 0, dz), "offset"));
        }

        /// <summary>Follows <paramref name="target"/> without an offset.</summary>
        public static MonsterCommand Follow(string target)
        {
            return new MonsterCommand("follow", target: AuthorityChecks.Name(target, "target"));
        }

        /// <summary>Runs away from <paramref name="target"/>.</summary>
        public static MonsterCommand Flee(string target)
        {
            return new MonsterCommand("flee", target: AuthorityChecks.Name(target, "target"));
        }

        /// <summary>New default behaviour: patrol <paramref name="route"/>.</summary>
        public static MonsterCommand Patrol(string route)
        {
            return new MonsterCommand("patrol", route: AuthorityChecks.Name(route, "route"));
        }

        /// <summary>New default behaviour: wander within <paramref name="radiusMeters"/> (finite, &gt; 0) of home.</summary>
        public static MonsterCommand Wander(double radiusMeters)
        {
            return new MonsterCommand("wander", radiusMeters: AuthorityChecks.Positive(radiusMeters, "radiusMeters"));
        }

        /// <summary>Ends the active behaviour and walks home, ignoring aggro on the way.</summary>
        public static MonsterCommand ReturnHome()
        {
            return new MonsterCommand("return_home");
        }

        /// <summary>New default behaviour: stand idle where it is.</summary>
        public static MonsterCommand Stop()
        {
            return new MonsterCommand("stop");
        }

        /// <summary>Puts the monster at <paramref name="pos"/> at once.</summary>
        public static MonsterCommand Teleport(NavVector3 pos)
        {
            return new MonsterCommand("teleport", pos: AuthorityChecks.Finite(pos, "pos"));
        }

        /// <summary>Removes the monster (viewers get <c>monster_leave</c> <c>despawned</c>).</summary>
        public static MonsterCommand Despawn()
        {
            return new MonsterCommand("despawn");
        }
    }

    /// <summary>The <c>mode</c>s of a <c>route</c>.</summary>
    public static class RouteModes
    {
        /// <summary>After the last point, on to the first.</summary>
        public const string Loop = "loop";
        /// <summary>After the last point, back along the route.</summary>
        public const string PingPong = "pingpong";
        /// <summary>Stops at the last point.</summary>
        public const string Once = "once";
    }

    internal static class AuthorityChecks
    {
        public static string Name(string value, string field)
        {
            if (string.IsNullOrEmpty(value) || value.Length > 64)
            {
                throw new ArgumentException(field + " must be 1..64 characters");
            }
            return value;
        }

        public static double Positive(double value, string field)
        {
            if (!(value > 0) || double.IsInfinity(value))
            {
                throw new ArgumentException(field + " must be a finite number > 0, got " + value);
            }
            return value;
        }

        public static NavVector3 Finite(NavVector3 v, string field)
        {
            if (!IsFinite(v.X) || !IsFinite(v.Y) || !IsFinite(v.Z))
            {
                throw new ArgumentException(field + " must be finite, got " + v);
            }
            return v;
        }

        private static bool IsFinite(double d)
        {
            return !double.IsNaN(d) && !double.IsInfinity(d);
        }
    }
}
