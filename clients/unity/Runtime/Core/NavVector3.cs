using System;

namespace NavServer.Client
{
    /// <summary>
    /// A position in Unity world coordinates, metres, y up, as the protocol sends it (<c>[x, y, z]</c>).
    /// Doubles, so positions survive the wire exactly; convert to <c>UnityEngine.Vector3</c> at the edge.
    /// Immutable value type.
    /// </summary>
    public struct NavVector3 : IEquatable<NavVector3>
    {
        public readonly double X;
        public readonly double Y;
        public readonly double Z;

        public NavVector3(double x, double y, double z)
        {
            X = x;
            Y = y;
            Z = z;
        }

        /// <summary>Distance in the XZ plane, metres (the protocol's distances ignore height).</summary>
        public static double DistanceXZ(NavVector3 a, NavVector3 b)
        {
            double dx = a.X - b.X;
            double dz = a.Z - b.Z;
            return Math.Sqrt(dx * dx + dz * dz);
        }

        /// <summary>Straight-line interpolation, <paramref name="t"/> in [0, 1] (not clamped).</summary>
        public static NavVector3 Lerp(NavVector3 a, NavVector3 b, double t)
        {
            return new NavVector3(a.X + (b.X - a.X) * t, a.Y + (b.Y - a.Y) * t, a.Z + (b.Z - a.Z) * t);
        }

        public static NavVector3 operator +(NavVector3 a, NavVector3 b)
        {
            return new NavVector3(a.X + b.X, a.Y + b.Y, a.Z + b.Z);
        }

        public static NavVector3 operator -(NavVector3 a, NavVector3 b)
        {
            return new NavVector3(a.X - b.X, a.Y - b.Y, a.Z - b.Z);
        }

        public static NavVector3 operator *(NavVector3 a, double s)
        {
            return new NavVector3(a.X * s, a.Y * s, a.Z * s);
        }

        public bool Equals(NavVector3 other)
        {
            return X.Equals(other.X) && Y.Equals(other.Y) && Z.Equals(other.Z);
        }

        public override bool Equals(object obj)
        {
            return obj is NavVector3 && Equals((NavVector3)obj);
        }

        public override int GetHashCode()
        {
            int h = X.GetHashCode();
            h = h * 31 + Y.GetHashCode();
            return h * 31 + Z.GetHashCode();
        }

        public override string ToString()
        {
            return "[" + ProtocolWriter.Number(X) + "," + ProtocolWriter.Number(Y) + "," + ProtocolWriter.Number(Z) + "]";
        }
    }
}
