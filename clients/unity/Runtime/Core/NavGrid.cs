using System;

namespace NavServer.Client
{
    /// <summary>
    /// A copy of a server map: <see cref="Width"/> x <see cref="Height"/> cells of a terrain class each, with the
    /// world transform of docs/protocol.md (origin = centre of cell (0, 0), columns toward +x, rows toward -z).
    /// Terrain classes match the server's: 0 open, 1 wall, 2 trees, 3 water, 4 swamp, 5 hill; walkable means
    /// passable on the server's default movement layer (open and swamp). Kept exact by <see cref="Apply"/> with the
    /// server's <c>map_patch</c> messages. Not thread-safe.
    /// </summary>
    public sealed class NavGrid
    {
        public const byte Open = 0;
        public const byte Wall = 1;
        public const byte Trees = 2;
        public const byte Water = 3;
        public const byte Swamp = 4;
        public const byte Hill = 5;

        private readonly byte[] cells;

        public string Name { get; }
        /// <summary>Columns.</summary>
        public int Width { get; }
        /// <summary>Rows.</summary>
        public int Height { get; }
        /// <summary>World position of cell (0, 0)'s centre, metres.</summary>
        public NavVector3 Origin { get; }
        /// <summary>Cell side, metres.</summary>
        public double CellSize { get; }
        /// <summary>The <c>map_patch</c> version this copy is at; 0 as loaded.</summary>
        public long Version { get; private set; }

        /// <param name="terrain">row-major terrain classes, <c>row * width + col</c>; copied</param>
        public NavGrid(string name, int width, int height, NavVector3 origin, double cellSize, byte[] terrain)
        {
            if (width <= 0 || height <= 0 || terrain.Length != (long)width * height || !(cellSize > 0))
            {
                throw new ArgumentException("grid needs width, height > 0, cellSize > 0 and width*height cells");
            }
            Name = name;
            Width = width;
            Height = height;
            Origin = origin;
            CellSize = cellSize;
            cells = (byte[])terrain.Clone();
        }

        /// <summary>Column of world x: <c>floor((x - origin.x) / cellSize + 0.5)</c> (may be off the map).</summary>
        public long Col(double x)
        {
            return RoundHalfUp((x - Origin.X) / CellSize);
        }

        /// <summary>Row of world z: <c>floor((origin.z - z) / cellSize + 0.5)</c> (may be off the map).</summary>
        public long Row(double z)
        {
            return RoundHalfUp((Origin.Z - z) / CellSize);
        }

        /// <summary>World centre of a cell, y = origin y.</summary>
        public NavVector3 CellCenter(int col, int row)
        {
            return new NavVector3(Origin.X + col * CellSize, Origin.Y, Origin.Z - row * CellSize);
        }

        public bool OnMap(long col, long row)
        {
            return col >= 0 && col < Width && row >= 0 && row < Height;
        }

        /// <summary>The terrain class of a cell on the map.</summary>
        public byte Terrain(int col, int row)
        {
            return cells[row * Width + col];
        }

        /// <summary>Whether a cell is on the map and passable on the default layer.</summary>
        public bool Walkable(long col, long row)
        {
            if (!OnMap(col, row))
            {
                return false;
            }
            byte t = cells[row * Width + col];
            return t == Open || t == Swamp;
        }

        /// <summary>Whether the cell containing a world position is on the map and walkable.</summary>
        public bool Walkable(NavVector3 position)
        {
            return Walkable(Col(position.X), Row(position.Z));
        }

        /// <summary>
        /// Applies a <c>map_patch</c>'s edits in order and takes its version. A reset patch is not applied (the client
        /// must re-read the map): returns false then, true otherwise.
        /// </summary>
        /// <exception cref="ArgumentException">an edit outside the map or with an unknown terrain; nothing is applied</exception>
        public bool Apply(MapPatchMessage patch)
        {
            if (patch.Reset)
            {
                return false;
            }
            for (int i = 0; i < patch.Edits.Count; i++)
            {
                MapEdit e = patch.Edits[i];
                if (e.Col < 0 || e.Row < 0 || e.Width < 0 || e.Height < 0 || (long)e.Col + e.Width > Width
                    || (long)e.Row + e.Height > Height || TerrainClass(e.Terrain) < 0)
                {
                    throw new ArgumentException("edits[" + i + "] does not fit the map or names an unknown terrain");
                }
            }
            for (int i = 0; i < patch.Edits.Count; i++)
            {
                MapEdit e = patch.Edits[i];
                byte t = (byte)TerrainClass(e.Terrain);
                for (int r = e.Row; r < e.Row + e.Height; r++)
                {
                    for (int c = e.Col; c < e.Col + e.Width; c++)
                    {
                        cells[r * Width + c] = t;
                    }
                }
            }
            Version = patch.Version;
            return true;
        }

        /// <summary>Terrain class of a <c>map_patch</c> terrain name, or -1.</summary>
        public static int TerrainClass(string name)
        {
            switch (name)
            {
                case "open": return Open;
                case "wall": return Wall;
                case "trees": return Trees;
                case "water": return Water;
                case "swamp": return Swamp;
                case "hill": return Hill;
                default: return -1;
            }
        }

        private static long RoundHalfUp(double v)
        {
            if (double.IsNaN(v))
            {
                return long.MinValue;
            }
            double r = Math.Floor(v + 0.5);
            if (r >= 4.6e18)
            {
                return long.MaxValue;
            }
            if (r <= -4.6e18)
            {
                return long.MinValue;
            }
            return (long)r;
        }
    }
}
