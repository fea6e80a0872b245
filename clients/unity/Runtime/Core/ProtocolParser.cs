using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace NavServer.Client
{
    /// <summary>The outcome of parsing one line: a message, or a problem saying why the line was rejected.</summary>
    public struct ParseResult
    {
        /// <summary>The message, or null when the line was rejected.</summary>
        public readonly ServerMessage Message;
        /// <summary>Why the line was rejected (field named, e.g. <c>nav_path[2]: expected 3 numbers</c>), or null.</summary>
        public readonly string Problem;

        private ParseResult(ServerMessage message, string problem)
        {
            Message = message;
            Problem = problem;
        }

        public bool Ok { get { return Message != null; } }

        public static ParseResult Of(ServerMessage message)
        {
            return new ParseResult(message, null);
        }

        public static ParseResult Failed(string problem)
        {
            return new ParseResult(null, problem);
        }
    }

    /// <summary>
    /// Parses server lines (one JSON object each, newline removed) into <see cref="ServerMessage"/>s with
    /// Newtonsoft.Json. Required fields of a known type must be present with the right JSON type; unknown fields are
    /// ignored; a well-formed object of an unknown type becomes an <see cref="UnknownMessage"/>. Stateless and
    /// thread-safe (the reader thread of <see cref="NavConnection"/> calls it).
    /// </summary>
    public static class ProtocolParser
    {
        private sealed class BadField : Exception
        {
            public BadField(string message) : base(message)
            {
            }
        }

        /// <summary>Parses one line; never throws for bad input.</summary>
        public static ParseResult Parse(string line)
        {
            JObject obj;
            try
            {
                using (var reader = new JsonTextReader(new StringReader(line)))
                {
                    reader.DateParseHandling = DateParseHandling.None;
                    reader.FloatParseHandling = FloatParseHandling.Double;
                    JToken token = JToken.ReadFrom(reader);
                    if (reader.Read())
                    {
                        return ParseResult.Failed("more than one JSON value on the line");
                    }
                    obj = token as JObject;
                    if (obj == null)
                    {
                        return ParseResult.Failed("not a JSON object");
                    }
                }
            }
            catch (JsonException e)
            {
                return ParseResult.Failed("bad JSON: " + e.Message);
            }
            try
            {
                return ParseResult.Of(Parse(obj, line));
            }
            catch (BadField e)
            {
                return ParseResult.Failed(e.Message);
            }
        }

        private static ServerMessage Parse(JObject o, string line)
        {
            string type = RequiredString(o, "type");
            switch (type)
            {
                case WelcomeMessage.WireType:
                    JObject map = o["map"] as JObject;
                    if (map == null)
                    {
                        throw new BadField("map: expected an object");
                    }
                    var info = new MapInfo(RequiredString(map, "name"), Vec(map, "origin"), RequiredDouble(map, "cellSize"),
                        RequiredInt(map, "width"), RequiredInt(map, "height"));
                    return new WelcomeMessage(Id(o), RequiredInt(o, "protocol"), RequiredString(o, "session"), RequiredString(o, "player"),
                        info, RequiredInt(o, "tickHz"), RequiredDouble(o, "navIntervalSeconds"), RequiredDouble(o, "moveThresholdMeters"),
                        RequiredDouble(o, "localNavDistanceMeters"), OptionalString(o, "role"), OptionalLong(o, "mapVersion"));
                case SpawnedMessage.WireType:
                    return new SpawnedMessage(Id(o), RequiredString(o, "monster"), Vec(o, "pos"));
                case PathMessage.WireType:
                    return new PathMessage(Id(o), RequiredString(o, "status"), Points(o, "points"), RequiredDouble(o, "length"),
                        OptionalLong(o, "mapVersion"));
                case PathValidMessage.WireType:
                    bool valid = RequiredBool(o, "valid");
                    int? bad = o["badSegment"] == null ? (int?)null : RequiredInt(o, "badSegment");
                    return new PathValidMessage(Id(o), valid, bad, OptionalString(o, "reason"));
                case PongMessage.WireType:
                    return new PongMessage(Id(o), RequiredDouble(o, "serverTime"));
                case NavPathMessage.WireType:
                    return new NavPathMessage(RequiredString(o, "monster"), RequiredLong(o, "seq"), OptionalLong(o, "playerSeq"),
                        RequiredString(o, "status"), Points(o, "nav_path"), RequiredDouble(o, "speedMetersPerSecond"),
                        RequiredDouble(o, "serverTime"), OptionalLong(o, "mapVersion"), OptionalString(o, "state"),
                        OptionalString(o, "target"));
                case LocalNavMessage.WireType:
                    return new LocalNavMessage(RequiredString(o, "monster"), RequiredBool(o, "active"), OptionalVec(o, "slot"));
                case MonstersMessage.WireType:
                    return new MonstersMessage(RequiredDouble(o, "serverTime"), Snapshots(o));
                case MapPatchMessage.WireType:
                    return MapPatch(o);
                case MonsterEnterMessage.WireType:
                    return new MonsterEnterMessage(RequiredString(o, "monster"), RequiredString(o, "kind"), Vec(o, "pos"),
                        RequiredDouble(o, "radiusMeters"), RequiredDouble(o, "speedMetersPerSecond"), RequiredString(o, "state"),
                        OptionalString(o, "target"), OptionalVec(o, "home"));
                case MonsterLeaveMessage.WireType:
                    return new MonsterLeaveMessage(RequiredString(o, "monster"), RequiredString(o, "reason"));
                case MonsterStateMessage.WireType:
                    return new MonsterStateMessage(RequiredString(o, "monster"), RequiredString(o, "state"),
                        OptionalString(o, "target"));
                case CommandOkMessage.WireType:
                    return new CommandOkMessage(Id(o), RequiredString(o, "monster"));
                case RouteOkMessage.WireType:
                    return new RouteOkMessage(Id(o), RequiredString(o, "name"));
                case MonsterEventMessage.WireType:
                    int? index = o["index"] == null || o["index"].Type == JTokenType.Null ? (int?)null : RequiredInt(o, "index");
                    return new MonsterEventMessage(RequiredString(o, "monster"), RequiredString(o, "event"),
                        OptionalString(o, "target"), OptionalString(o, "route"), index);
                case ErrorMessage.WireType:
                    return new ErrorMessage(Id(o), RequiredString(o, "code"), OptionalString(o, "message"));
                case ByeMessage.WireType:
                    return new ByeMessage(OptionalString(o, "reason"));
                case RedirectMessage.WireType:
                    int port = RequiredInt(o, "port");
                    if (port < 1 || port > 65535)
                    {
                        throw new BadField("port: " + port.ToString(CultureInfo.InvariantCulture) + " is out of range");
                    }
                    return new RedirectMessage(RequiredString(o, "map"), RequiredString(o, "host"), port);
                default:
                    return new UnknownMessage(type, line);
            }
        }

        private static MapPatchMessage MapPatch(JObject o)
        {
            bool reset = o["reset"] != null && RequiredBool(o, "reset");
            var edits = new List<MapEdit>();
            JToken e = o["edits"];
            if (e != null && e.Type != JTokenType.Null)
            {
                JArray arr = e as JArray;
                if (arr == null)
                {
                    throw new BadField("edits: expected an array");
                }
                for (int i = 0; i < arr.Count; i++)
                {
                    JObject edit = arr[i] as JObject;
                    JArray cells = edit == null ? null : edit["cells"] as JArray;
                    if (cells == null || cells.Count != 4)
                    {
                        throw new BadField("edits[" + i + "].cells: expected [col, row, width, height]");
                    }
                    int[] c = new int[4];
                    for (int k = 0; k < 4; k++)
                    {
                        if (cells[k].Type != JTokenType.Integer)
                        {
                            throw new BadField("edits[" + i + "].cells[" + k + "]: expected an integer");
                        }
                        c[k] = (int)(long)cells[k];
                    }
                    edits.Add(new MapEdit(c[0], c[1], c[2], c[3], RequiredString(edit, "terrain")));
                }
            }
            else if (!reset)
            {
                throw new BadField("edits: missing (required unless reset is true)");
            }
            return new MapPatchMessage(RequiredString(o, "map"), RequiredLong(o, "version"), edits, reset);
        }

        private static IReadOnlyList<MonsterSnapshot> Snapshots(JObject o)
        {
            JArray arr = o["list"] as JArray;
            if (arr == null)
            {
                throw new BadField("list: expected an array");
            }
            var list = new List<MonsterSnapshot>(arr.Count);
            for (int i = 0; i < arr.Count; i++)
            {
                JObject s = arr[i] as JObject;
                if (s == null)
                {
                    throw new BadField("list[" + i + "]: expected an object");
                }
                list.Add(new MonsterSnapshot(RequiredString(s, "monster"), Vec(s, "pos"), RequiredString(s, "state")));
            }
            return list;
        }

        private static RequestId Id(JObject o)
        {
            JToken t = o["id"];
            if (t == null || t.Type == JTokenType.Null)
            {
                return null;
            }
            if (t.Type != JTokenType.String && t.Type != JTokenType.Integer && t.Type != JTokenType.Float)
            {
                throw new BadField("id: expected a string or a number");
            }
            return new RequestId(t.ToString(Formatting.None));
        }

        private static string RequiredString(JObject o, string field)
        {
            JToken t = o[field];
            if (t == null || t.Type != JTokenType.String)
            {
                throw new BadField(field + ": expected a string");
            }
            return (string)t;
        }

        private static string OptionalString(JObject o, string field)
        {
            JToken t = o[field];
            if (t == null || t.Type == JTokenType.Null)
            {
                return null;
            }
            return RequiredString(o, field);
        }

        private static bool RequiredBool(JObject o, string field)
        {
            JToken t = o[field];
            if (t == null || t.Type != JTokenType.Boolean)
            {
                throw new BadField(field + ": expected true or false");
            }
            return (bool)t;
        }

        private static long RequiredLong(JObject o, string field)
        {
            JToken t = o[field];
            if (t == null || t.Type != JTokenType.Integer)
            {
                throw new BadField(field + ": expected an integer");
            }
            return (long)t;
        }

        /// <summary>The integer, or 0 when the field is absent or null (a server that does not send it).</summary>
        private static long OptionalLong(JObject o, string field)
        {
            JToken t = o[field];
            return t == null || t.Type == JTokenType.Null ? 0 : RequiredLong(o, field);
        }

        private static int RequiredInt(JObject o, string field)
        {
            long v = RequiredLong(o, field);
            if (v < int.MinValue || v > int.MaxValue)
            {
                throw new BadField(field + ": " + v.ToString(CultureInfo.InvariantCulture) + " is out of range");
            }
            return (int)v;
        }

        private static double RequiredDouble(JObject o, string field)
        {
            return Number(o[field], field);
        }

        private static double Number(JToken t, string what)
        {
            if (t == null || (t.Type != JTokenType.Integer && t.Type != JTokenType.Float))
            {
                throw new BadField(what + ": expected a number");
            }
            double v = (double)t;
            if (double.IsNaN(v) || double.IsInfinity(v))
            {
                throw new BadField(what + ": not a finite number");
            }
            return v;
        }

        private static NavVector3 Vec(JObject o, string field)
        {
            return Vec(o[field], field);
        }

        /// <summary>The position, or null when the field is absent or null.</summary>
        private static NavVector3? OptionalVec(JObject o, string field)
        {
            JToken t = o[field];
            return t == null || t.Type == JTokenType.Null ? (NavVector3?)null : Vec(t, field);
        }

        private static NavVector3 Vec(JToken t, string what)
        {
            JArray a = t as JArray;
            if (a == null || a.Count != 3)
            {
                throw new BadField(what + ": expected [x, y, z]");
            }
            return new NavVector3(Number(a[0], what + "[0]"), Number(a[1], what + "[1]"), Number(a[2], what + "[2]"));
        }

        private static IReadOnlyList<NavVector3> Points(JObject o, string field)
        {
            JArray a = o[field] as JArray;
            if (a == null)
            {
                throw new BadField(field + ": expected an array of positions");
            }
            var points = new NavVector3[a.Count];
            for (int i = 0; i < points.Length; i++)
            {
                points[i] = Vec(a[i], field + "[" + i + "]");
            }
            return Array.AsReadOnly(points);
        }
    }
}
