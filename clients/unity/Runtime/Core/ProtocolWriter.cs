using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Newtonsoft.Json;

namespace NavServer.Client
{
    /// <summary>
    /// Client -> server messages of docs/protocol.md as compact JSON lines (without the trailing newline), fields in
    /// the documented order. Stateless and thread-safe.
    /// </summary>
    public static class ProtocolWriter
    {
        /// <summary>The protocol version this client speaks.</summary>
        public const int ProtocolVersion = 1;

        /// <summary><c>hello</c>; <paramref name="map"/> null or empty asks for the server's default map.</summary>
        public static string Hello(string player, string map)
        {
            return Hello(player, map, null);
        }

        /// <summary>
        /// <c>hello</c>; <paramref name="map"/> null or empty asks for the server's default map; a non-empty
        /// <paramref name="token"/> (the server's <c>server.authorityToken</c>) asks for an authority session.
        /// </summary>
        public static string Hello(string player, string map, string token)
        {
            var sb = new StringBuilder(96);
            sb.Append("{\"type\":\"hello\",\"protocol\":").Append(ProtocolVersion).Append(",\"player\":")
                .Append(JsonConvert.ToString(player));
            if (!string.IsNullOrEmpty(map))
            {
                sb.Append(",\"map\":").Append(JsonConvert.ToString(map));
            }
            if (!string.IsNullOrEmpty(token))
            {
                sb.Append(",\"token\":").Append(JsonConvert.ToString(token));
            }
            return sb.Append('}').ToString();
        }

        /// <summary><c>player_pos</c>; <paramref name="seq"/> increases per session.</summary>
        public static string PlayerPos(long seq, NavVector3 pos)
        {
            var sb = new StringBuilder(80);
            sb.Append("{\"type\":\"player_pos\",\"seq\":").Append(seq.ToString(CultureInfo.InvariantCulture))
                .Append(",\"pos\":");
            AppendVec(sb, pos);
            return sb.Append('}').ToString();
        }

        /// <summary>
        /// An authority's <c>player_pos</c> for the player <paramref name="player"/> it manages (created on first
        /// sight); <paramref name="seq"/> increases per session.
        /// </summary>
        public static string PlayerPos(long seq, NavVector3 pos, string player)
        {
            var sb = new StringBuilder(96);
            sb.Append("{\"type\":\"player_pos\",\"seq\":").Append(seq.ToString(CultureInfo.InvariantCulture))
                .Append(",\"pos\":");
            AppendVec(sb, pos);
            sb.Append(",\"player\":").Append(JsonConvert.ToString(player));
            return sb.Append('}').ToString();
        }

        /// <summary>An authority's <c>player_leave</c> with an integer request id: removes a player it manages.</summary>
        public static string PlayerLeave(long id, string player)
        {
            return "{\"type\":\"player_leave\",\"id\":" + id.ToString(CultureInfo.InvariantCulture) + ",\"player\":"
                + JsonConvert.ToString(player) + "}";
        }

        /// <summary>
        /// An authority's <c>monster_spawn</c> with an integer request id; <paramref name="map"/>,
        /// <paramref name="kind"/>, <paramref name="behaviour"/> and <paramref name="home"/> are left out when null
        /// (the session's map, kind <c>default</c>, idle, home where it is placed).
        /// </summary>
        public static string MonsterSpawn(long id, string map, NavVector3 pos, string kind, MonsterBehaviour behaviour,
            NavVector3? home)
        {
            var sb = new StringBuilder(160);
            sb.Append("{\"type\":\"monster_spawn\",\"id\":").Append(id.ToString(CultureInfo.InvariantCulture));
            if (!string.IsNullOrEmpty(map))
            {
                sb.Append(",\"map\":").Append(JsonConvert.ToString(map));
            }
            sb.Append(",\"pos\":");
            AppendVec(sb, pos);
            if (!string.IsNullOrEmpty(kind))
            {
                sb.Append(",\"kind\":").Append(JsonConvert.ToString(kind));
            }
            if (behaviour != null)
            {
                sb.Append(",\"behaviour\":{\"type\":").Append(JsonConvert.ToString(behaviour.Type));
                if (behaviour.Type == MonsterBehaviour.WanderType)
                {
                    sb.Append(",\"radiusMeters\":").Append(Number(behaviour.RadiusMeters));
                }
                else if (behaviour.Type == MonsterBehaviour.PatrolType)
                {
                    sb.Append(",\"route\":").Append(JsonConvert.ToString(behaviour.Route));
                }
                sb.Append('}');
            }
            if (home.HasValue)
            {
                sb.Append(",\"home\":");
                AppendVec(sb, home.Value);
            }
            return sb.Append('}').ToString();
        }

        /// <summary>An authority's <c>monster_command</c> with an integer request id.</summary>
        public static string MonsterCommand(long id, string monster, MonsterCommand command)
        {
            var sb = new StringBuilder(128);
            sb.Append("{\"type\":\"monster_command\",\"id\":").Append(id.ToString(CultureInfo.InvariantCulture))
                .Append(",\"monster\":").Append(JsonConvert.ToString(monster))
                .Append(",\"command\":").Append(JsonConvert.ToString(command.Command));
            if (command.Target != null)
            {
                sb.Append(",\"target\":").Append(JsonConvert.ToString(command.Target));
            }
            if (command.Pos.HasValue)
            {
                sb.Append(",\"pos\":");
                AppendVec(sb, command.Pos.Value);
            }
            if (command.HasOffset)
            {
                sb.Append(",\"offset\":[").Append(Number(command.OffsetDx)).Append(',').Append(Number(command.OffsetDz))
                    .Append(']');
            }
            if (command.Route != null)
            {
                sb.Append(",\"route\":").Append(JsonConvert.ToString(command.Route));
            }
            if (command.RadiusMeters > 0)
            {
                sb.Append(",\"radiusMeters\":").Append(Number(command.RadiusMeters));
            }
            return sb.Append('}').ToString();
        }

        /// <summary>
        /// An authority's <c>route</c> with an integer request id: defines or replaces route <paramref name="name"/>
        /// of <paramref name="map"/> (null: the session's map); 2..256 points; <paramref name="mode"/> one of
        /// <see cref="RouteModes"/>; <paramref name="waitSeconds"/> at each point, 0..3600.
        /// </summary>
        public static string Route(long id, string map, string name, IReadOnlyList<NavVector3> points, string mode,
            double waitSeconds)
        {
            var sb = new StringBuilder(96 + 40 * points.Count);
            sb.Append("{\"type\":\"route\",\"id\":").Append(id.ToString(CultureInfo.InvariantCulture));
            if (!string.IsNullOrEmpty(map))
            {
                sb.Append(",\"map\":").Append(JsonConvert.ToString(map));
            }
            sb.Append(",\"name\":").Append(JsonConvert.ToString(name)).Append(",\"points\":[");
            for (int i = 0; i < points.Count; i++)
            {
                if (i > 0)
                {
                    sb.Append(',');
                }
                AppendVec(sb, points[i]);
            }
            sb.Append("],\"mode\":").Append(JsonConvert.ToString(mode)).Append(",\"waitSeconds\":").Append(Number(waitSeconds));
            return sb.Append('}').ToString();
        }

        /// <summary><c>spawn</c> with an integer request id.</summary>
        public static string Spawn(long id, NavVector3 pos)
        {
            var sb = new StringBuilder(80);
            sb.Append("{\"type\":\"spawn\",\"id\":").Append(id.ToString(CultureInfo.InvariantCulture)).Append(",\"pos\":");
            AppendVec(sb, pos);
            return sb.Append('}').ToString();
        }

        /// <summary><c>path_query</c> with an integer request id.</summary>
        public static string PathQuery(long id, NavVector3 from, NavVector3 to)
        {
            var sb = new StringBuilder(96);
            sb.Append("{\"type\":\"path_query\",\"id\":").Append(id.ToString(CultureInfo.InvariantCulture))
                .Append(",\"from\":");
            AppendVec(sb, from);
            sb.Append(",\"to\":");
            AppendVec(sb, to);
            return sb.Append('}').ToString();
        }

        /// <summary><c>validate_path</c> with an integer request id; 1..4096 points.</summary>
        public static string ValidatePath(long id, IReadOnlyList<NavVector3> points)
        {
            var sb = new StringBuilder(64 + 40 * points.Count);
            sb.Append("{\"type\":\"validate_path\",\"id\":").Append(id.ToString(CultureInfo.InvariantCulture))
                .Append(",\"points\":[");
            for (int i = 0; i < points.Count; i++)
            {
                if (i > 0)
                {
                    sb.Append(',');
                }
                AppendVec(sb, points[i]);
            }
            return sb.Append("]}").ToString();
        }

        /// <summary><c>ping</c> with an integer request id.</summary>
        public static string Ping(long id)
        {
            return "{\"type\":\"ping\",\"id\":" + id.ToString(CultureInfo.InvariantCulture) + "}";
        }

        /// <summary><c>bye</c>, with reason <c>client</c>.</summary>
        public static string Bye()
        {
            return "{\"type\":\"bye\",\"reason\":\"client\"}";
        }

        /// <summary>A finite double as a JSON number that parses back to the same value.</summary>
        /// <exception cref="ArgumentException">NaN or infinite: JSON cannot carry it, and the server would reject it.</exception>
        public static string Number(double v)
        {
            if (double.IsNaN(v) || double.IsInfinity(v))
            {
                throw new ArgumentException("not a finite number: " + v);
            }
            return v.ToString("R", CultureInfo.InvariantCulture);
        }

        private static void AppendVec(StringBuilder sb, NavVector3 v)
        {
            sb.Append('[').Append(Number(v.X)).Append(',').Append(Number(v.Y)).Append(',').Append(Number(v.Z)).Append(']');
        }
    }
}
