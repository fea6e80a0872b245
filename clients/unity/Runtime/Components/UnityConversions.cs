using UnityEngine;

namespace NavServer.Client
{
    /// <summary>Between the protocol's double positions and Unity's <see cref="Vector3"/> (both metres, y up).</summary>
    public static class UnityConversions
    {
        public static Vector3 ToVector3(this NavVector3 v)
        {
            return new Vector3((float)v.X, (float)v.Y, (float)v.Z);
        }

        public static NavVector3 ToNav(this Vector3 v)
        {
            return new NavVector3(v.x, v.y, v.z);
        }
    }
}
