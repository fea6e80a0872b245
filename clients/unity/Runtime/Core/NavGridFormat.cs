using System;
using System.Globalization;
using System.IO;
using System.Text;

namespace NavServer.Client
{
    /// <summary>
    /// The two map file formats the server loads (see the server's maps/README.md), recognised by content: a first
    /// non-blank line <c>type ...</c> is Moving AI (<c>.map</c>, origin (0, 0, 0), 1 m cells), <c>startpos=...</c> is
    /// the Unity NavExport layout:
    /// <code>
    /// startpos=(-30.0, 0.0, 30.0)   centre of row 0, column 0, metres
    /// height=60                     rows
    /// wide=60                       columns
    /// accuracy=1                    cell side, metres
    /// {1,1,0,1,...,},               one line per row, 1 walkable, 0 blocked; row 0 at startpos.z, rows toward -z
    /// </code>
    /// Stateless and thread-safe.
    /// </summary>
    public static class NavGridFormat
    {
        /// <summary>Reads a map file; the map's name is the file name without its extension.</summary>
        /// <exception cref="FormatException">"file:line: problem" for a malformed file</exception>
        public static NavGrid Load(string path)
        {
            using (var reader = new StreamReader(path, Encoding.UTF8, true))
            {
                return Parse(Path.GetFileNameWithoutExtension(path), Path.GetFileName(path), reader);
            }
        }

        /// <summary>Parses a map in either format.</summary>
        /// <exception cref="FormatException">"source:line: problem" for malformed text</exception>
        public static NavGrid Parse(string name, string sourceName, TextReader reader)
        {
            var lines = new Lines(reader, sourceName);
            string first = lines.NextNonBlank();
            if (first == null)
            {
                throw lines.Fail("empty file");
            }
            string s = first.Trim();
            if (s.StartsWith("type", StringComparison.Ordinal))
            {
                return ParseMovingAi(name, s, lines);
            }
            if (s.StartsWith("startpos", StringComparison.Ordinal) || s.Contains("="))
            {
                return ParseNavExport(name, s, lines);
            }
            throw lines.Fail("neither a Moving AI map ('type octile') nor a NavExport layout ('startpos=...')");
        }

        /// <summary>
        /// Writes a NavExport layout with <c>\n</c> line ends: the header in the order startpos, height (rows), wide
        /// (columns), accuracy, then one row per line from row 0 (at <paramref name="origin"/>.z) toward -z.
        /// </summary>
        /// <param name="walkable">row-major, <c>row * width + col</c>, <c>width * height</c> entries</param>
        public static void WriteNavExport(TextWriter w, NavVector3 origin, double cellSize, int width, int height,
            bool[] walkable)
        {
            if (width <= 0 || height <= 0 || walkable.Length != (long)width * height || !(cellSize > 0))
            {
                throw new ArgumentException("layout needs width, height > 0, cellSize > 0 and width*height cells");
            }
            w.Write("startpos=(" + Number(origin.X) + ", " + Number(origin.Y) + ", " + Number(origin.Z) + ")\n");
            w.Write("height=" + height.ToString(CultureInfo.InvariantCulture) + "\n");
            w.Write("wide=" + width.ToString(CultureInfo.InvariantCulture) + "\n");
            w.Write("accuracy=" + Number(cellSize) + "\n");
            char[] row = new char[2 * width + 3];
            row[0] = '{';
            row[2 * width + 1] = '}';
            row[2 * width + 2] = ',';
            for (int r = 0; r < height; r++)
            {
                for (int c = 0; c < width; c++)
                {
                    row[1 + 2 * c] = walkable[r * width + c] ? '1' : '0';
                    row[2 + 2 * c] = ',';
                }
                w.Write(row);
                w.Write('\n');
            }
            w.Flush();
        }

        private static string Number(double v)
        {
            return ProtocolWriter.Number(v);
        }

        private static NavGrid ParseNavExport(string name, string firstLine, Lines lines)
        {
            double[] start = null;
            int height = -1;
            int width = -1;
            double accuracy = double.NaN;
            string s = firstLine;
            while (!s.StartsWith("{", StringComparison.Ordinal))
            {
                int eq = s.IndexOf('=');
                if (eq < 0)
                {
                    throw lines.Fail("expected 'key=value' or a '{' row, got '" + s + "'");
                }
                string key = s.Substring(0, eq).Trim();
                string value = s.Substring(eq + 1).Trim();
                switch (key)
                {
                    case "startpos":
                        start = StartPos(value);
                        if (start == null)
                        {
                            throw lines.Fail("startpos must be (x, y, z), got '" + value + "'");
                        }
                        break;
                    case "height":
                        height = Dimension(value, key, lines);
                        break;
                    case "wide":
                        width = Dimension(value, key, lines);
                        break;
                    case "accuracy":
                        if (!double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out accuracy)
                            || !(accuracy > 0) || double.IsInfinity(accuracy))
                        {
                            throw lines.Fail("accuracy must be a finite number > 0, got '" + value + "'");
                        }
                        break;
                    default:
                        throw lines.Fail("unknown header key '" + key + "'");
                }
                string next = lines.NextNonBlank();
                if (next == null)
                {
                    throw lines.Fail("file ends before the first row");
                }
                s = next.Trim();
            }
            if (start == null || height < 0 || width < 0 || double.IsNaN(accuracy))
            {
                throw lines.Fail("startpos, height, wide and accuracy must all come before the first row");
            }
            byte[] terrain = new byte[checked(width * height)];
            for (int r = 0; r < height; r++)
            {
                if (r > 0)
                {
                    string next = lines.NextNonBlank();
                    if (next == null)
                    {
                        throw lines.Fail("file ends after " + r + " of " + height + " rows");
                    }
                    s = next.Trim();
                }
                int close = s.LastIndexOf('}');
                if (!s.StartsWith("{", StringComparison.Ordinal) || close < 0)
                {
                    throw lines.Fail("row " + (r + 1) + " must be '{...}'");
                }
                string[] values = s.Substring(1, close - 1).Split(',');
                int count = 0;
                for (int i = 0; i < values.Length; i++)
                {
                    string v = values[i].Trim();
                    if (v.Length == 0 && i == values.Length - 1)
                    {
                        break; // trailing comma
                    }
                    if (v != "0" && v != "1")
                    {
                        throw lines.Fail("row " + (r + 1) + " value " + (count + 1) + " is '" + v + "', expected 0 or 1");
                    }
                    if (count < width)
                    {
                        terrain[r * width + count] = v == "1" ? NavGrid.Open : NavGrid.Wall;
                    }
                    count++;
                }
                if (count != width)
                {
                    throw lines.Fail("row " + (r + 1) + " has " + count + " values, expected " + width);
                }
            }
            if (lines.NextNonBlank() != null)
            {
                throw lines.Fail("too many rows: expected " + height);
            }
            return new NavGrid(name, width, height, new NavVector3(start[0], start[1], start[2]), accuracy, terrain);
        }

        private static NavGrid ParseMovingAi(string name, string firstLine, Lines lines)
        {
            if (firstLine.Split((char[])null, StringSplitOptions.RemoveEmptyEntries).Length != 2
                || !firstLine.EndsWith("octile", StringComparison.Ordinal))
            {
                throw lines.Fail("expected 'type octile'");
            }
            int height = -1;
            int width = -1;
            while (true)
            {
                string line = lines.NextNonBlank();
                if (line == null)
                {
                    throw lines.Fail("file ends in the header");
                }
                string[] t = line.Trim().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
                if (t[0] == "map" && t.Length == 1)
                {
                    break;
                }
                if (t.Length != 2 || (t[0] != "height" && t[0] != "width"))
                {
                    throw lines.Fail("expected 'height N', 'width N' or 'map'");
                }
                int v = Dimension(t[1], t[0], lines);
                if (t[0] == "height")
                {
                    height = v;
                }
                else
                {
                    width = v;
                }
            }
            if (height < 0 || width < 0)
            {
                throw lines.Fail("height and width must come before 'map'");
            }
            byte[] terrain = new byte[checked(width * height)];
            for (int r = 0; r < height; r++)
            {
                string line = lines.NextNonBlank();
                if (line == null)
                {
                    throw lines.Fail("file ends after " + r + " of " + height + " rows");
                }
                string row = line.TrimEnd();
                if (row.Length != width)
                {
                    throw lines.Fail("row " + (r + 1) + " has " + row.Length + " symbols, expected " + width);
                }
                for (int c = 0; c < width; c++)
                {
                    int t = Symbol(row[c]);
                    if (t < 0)
                    {
                        throw lines.Fail("unknown symbol '" + row[c] + "' at column " + (c + 1) + " of row " + (r + 1));
                    }
                    terrain[r * width + c] = (byte)t;
                }
            }
            if (lines.NextNonBlank() != null)
            {
                throw lines.Fail("too many rows: expected " + height);
            }
            return new NavGrid(name, width, height, new NavVector3(0, 0, 0), 1.0, terrain);
        }

        private static int Symbol(char ch)
        {
            switch (ch)
            {
                case '.':
                case 'G':
                    return NavGrid.Open;
                case 'S':
                    return NavGrid.Swamp;
                case 'T':
                    return NavGrid.Trees;
                case 'W':
                    return NavGrid.Water;
                case '@':
                case 'O':
                    return NavGrid.Wall;
                default:
                    return -1;
            }
        }

        private static int Dimension(string value, string key, Lines lines)
        {
            int v;
            if (!int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out v) || v <= 0 || v > 1 << 20)
            {
                throw lines.Fail(key + " must be an integer 1.." + (1 << 20) + ", got '" + value + "'");
            }
            return v;
        }

        private static double[] StartPos(string value)
        {
            string v = value;
            if (v.StartsWith("(", StringComparison.Ordinal) && v.EndsWith(")", StringComparison.Ordinal))
            {
                v = v.Substring(1, v.Length - 2);
            }
            string[] parts = v.Split(',');
            if (parts.Length != 3)
            {
                return null;
            }
            double[] p = new double[3];
            for (int i = 0; i < 3; i++)
            {
                if (!double.TryParse(parts[i].Trim(), NumberStyles.Float, CultureInfo.InvariantCulture, out p[i])
                    || double.IsNaN(p[i]) || double.IsInfinity(p[i]))
                {
                    return null;
                }
            }
            return p;
        }

        /// <summary>Line reader that counts lines for error messages.</summary>
        private sealed class Lines
        {
            private readonly TextReader reader;
            private readonly string source;
            private int number;

            public Lines(TextReader reader, string source)
            {
                this.reader = reader;
                this.source = source;
            }

            public string NextNonBlank()
            {
                string line;
                while ((line = reader.ReadLine()) != null)
                {
                    number++;
                    if (number == 1 && line.Length > 0 && line[0] == '\uFEFF')
                    {
                        line = line.Substring(1);
                    }
                    if (line.Trim().Length > 0)
                    {
                        return line;
                    }
                }
                return null;
            }

            public FormatException Fail(string problem)
            {
                return new FormatException(source + ":" + Math.Max(1, number) + ": " + problem);
            }
        }
    }
}
