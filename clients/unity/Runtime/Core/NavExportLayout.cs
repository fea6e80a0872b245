using System;
using System.IO;

namespace NavServer.Client
{
    /// <summary>What <see cref="NavExportLayout.Sample"/> ended with.</summary>
    public enum ExportOutcome
    {
        /// <summary>Every cell sampled.</summary>
        Completed,
        /// <summary>The progress callback asked to stop; nothing should be written.</summary>
        Cancelled,
    }

    /// <summary>
    /// The grid a NavExport layout file describes, and the sampling loop that fills it, free of UnityEngine (the
    /// editor window passes <c>NavMesh.SamplePosition</c> as the sampler). Cell (col, row) has its centre at
    /// <c>(origin.x + col * cellSize, origin.y, origin.z - row * cellSize)</c>: columns toward +x, rows toward -z,
    /// exactly as the server reads the file. Not thread-safe.
    /// </summary>
    public sealed class NavExportLayout
    {
        public NavVector3 Origin { get; }
        public double CellSize { get; }
        /// <summary>Columns (the file's <c>wide</c>).</summary>
        public int Width { get; }
        /// <summary>Rows (the file's <c>height</c>).</summary>
        public int Height { get; }
        /// <summary>Row-major walkability, <c>row * Width + col</c>; filled by <see cref="Sample"/>.</summary>
        public bool[] Walkable { get; }

        public NavExportLayout(NavVector3 origin, double cellSize, int width, int height)
        {
            if (!(cellSize > 0) || double.IsInfinity(cellSize) || width <= 0 || height <= 0
                || (long)width * height > 1L << 28)
            {
                throw new ArgumentException("layout needs cellSize > 0, width and height > 0, at most 2^28 cells");
            }
            Origin = origin;
            CellSize = cellSize;
            Width = width;
            Height = height;
            Walkable = new bool[width * height];
        }

        /// <summary>
        /// The smallest layout whose cell centres cover the XZ box [minX, maxX] x [minZ, maxZ] (e.g. the NavMesh's
        /// bounds), with cell centres on multiples of <paramref name="cellSize"/> and y = <paramref name="y"/>.
        /// </summary>
        public static NavExportLayout Covering(double minX, double maxX, double minZ, double maxZ, double y,
            double cellSize)
        {
            double ox = Math.Floor(minX / cellSize) * cellSize;
            double oz = Math.Ceiling(maxZ / cellSize) * cellSize;
            int width = (int)Math.Ceiling((maxX - ox) / cellSize) + 1;
            int height = (int)Math.Ceiling((oz - minZ) / cellSize) + 1;
            return new NavExportLayout(new NavVector3(ox, y, oz), cellSize, width, height);
        }

        /// <summary>World centre of a cell.</summary>
        public NavVector3 CellCenter(int col, int row)
        {
            return new NavVector3(Origin.X + col * CellSize, Origin.Y, Origin.Z - row * CellSize);
        }

        /// <summary>
        /// Samples every cell at its centre, row by row from row 0. <paramref name="progress"/> is called before each
        /// row with (rows done, rows) and returns false to cancel.
        /// </summary>
        /// <param name="isWalkable">whether a cell centre is on the walkable surface</param>
        public ExportOutcome Sample(Func<NavVector3, bool> isWalkable, Func<int, int, bool> progress)
        {
            for (int r = 0; r < Height; r++)
            {
                if (progress != null && !progress(r, Height))
                {
                    return ExportOutcome.Cancelled;
                }
                for (int c = 0; c < Width; c++)
                {
                    Walkable[r * Width + c] = isWalkable(CellCenter(c, r));
                }
            }
            return ExportOutcome.Completed;
        }

        /// <summary>Walkable cells.</summary>
        public int CountWalkable()
        {
            int n = 0;
            for (int i = 0; i < Walkable.Length; i++)
            {
                if (Walkable[i])
                {
                    n++;
                }
            }
            return n;
        }

        /// <summary>Writes the layout file the server loads (see <see cref="NavGridFormat.WriteNavExport"/>).</summary>
        public void Write(TextWriter writer)
        {
            NavGridFormat.WriteNavExport(writer, Origin, CellSize, Width, Height, Walkable);
        }
    }
}
