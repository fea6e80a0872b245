using System.Collections.Generic;

namespace NavServer.Client
{
    /// <summary>
    /// Walks a polyline at a constant speed: the math of following a <c>nav_path</c>. Point 0 is where the monster
    /// stood when the server planned, so walking starts toward point 1 from wherever the monster is now. Not
    /// thread-safe; no allocation per step.
    /// </summary>
    public sealed class PathFollower
    {
        private IReadOnlyList<NavVector3> points;
        private int target;

        /// <summary>Metres per second along the path.</summary>
        public double SpeedMetersPerSecond { get; private set; }

        /// <summary>True when there is no path or its last point has been reached.</summary>
        public bool Done { get { return points == null || target >= points.Count; } }

        /// <summary>Index of the point being walked to; equals the point count when done.</summary>
        public int TargetIndex { get { return target; } }

        /// <summary>The path being followed, or null.</summary>
        public IReadOnlyList<NavVector3> Points { get { return points; } }

        /// <summary>Starts a new path. <paramref name="path"/> is kept, not copied: pass an immutable list.</summary>
        public void SetPath(IReadOnlyList<NavVector3> path, double speedMetersPerSecond)
        {
            points = path;
            SpeedMetersPerSecond = speedMetersPerSecond;
            target = path.Count > 1 ? 1 : 0;
        }

        /// <summary>Forgets the path.</summary>
        public void Clear()
        {
            points = null;
            target = 0;
        }

        /// <summary>
        /// Moves from <paramref name="position"/> along the remaining points by speed * <paramref name="dtSeconds"/>
        /// metres (XZ distance; y follows the points) and returns the new position. Passing a point moves on to
        /// the next with the leftover distance. Returns <paramref name="position"/> unchanged when done.
        /// </summary>
        public NavVector3 Advance(NavVector3 position, double dtSeconds)
        {
            double budget = SpeedMetersPerSecond * dtSeconds;
            NavVector3 p = position;
            while (!Done && budget > 0)
            {
                NavVector3 goal = points[target];
                double d = NavVector3.DistanceXZ(p, goal);
                if (d <= budget)
                {
                    p = goal;
                    budget -= d;
                    target++;
                }
                else
                {
                    p = NavVector3.Lerp(p, goal, budget / d);
                    budget = 0;
                }
            }
            if (!Done && NavVector3.DistanceXZ(p, points[target]) == 0)
            {
                target++;
            }
            return p;
        }

        /// <summary>XZ length of what is left to walk from <paramref name="position"/>, metres.</summary>
        public double RemainingMeters(NavVector3 position)
        {
            if (Done)
            {
                return 0;
            }
            double sum = NavVector3.DistanceXZ(position, points[target]);
            for (int i = target + 1; i < points.Count; i++)
            {
                sum += NavVector3.DistanceXZ(points[i - 1], points[i]);
            }
            return sum;
        }
    }
}
