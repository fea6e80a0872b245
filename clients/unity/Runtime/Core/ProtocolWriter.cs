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
            var sb = new StringBuilder(96);
            sb.Append("{\"type\":\"hello\",\"protocol\":").Append(ProtocolVersion).Append(",\"player\":")
                .Append(JsonConvert.ToString(player));
            if (!string.IsNullOrEmpty(map))
            {
                sb.Append(",\"map\":").Append(JsonConvert.ToString(map));
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
