using System;

namespace NavServer.Client
{
    /// <summary>
    /// Reconnect delays: <see cref="MinSeconds"/>, then doubling up to <see cref="MaxSeconds"/>;
    /// <see cref="Reset"/> after a successful session starts the sequence again. Not thread-safe: one owner thread.
    /// </summary>
    public sealed class ExponentialBackoff
    {
        public double MinSeconds { get; }
        public double MaxSeconds { get; }
        private double next;

        /// <param name="minSeconds">first delay, seconds, &gt; 0</param>
        /// <param name="maxSeconds">largest delay, seconds, &gt;= minSeconds</param>
        public ExponentialBackoff(double minSeconds, double maxSeconds)
        {
            if (!(minSeconds > 0) || !(maxSeconds >= minSeconds) || double.IsInfinity(maxSeconds))
            {
                throw new ArgumentException("backoff needs 0 < min <= max (finite), got min=" + minSeconds
                    + " max=" + maxSeconds);
            }
            MinSeconds = minSeconds;
            MaxSeconds = maxSeconds;
            next = minSeconds;
        }

        /// <summary>The delay to wait now, seconds; the following one doubles (capped).</summary>
        public double Next()
        {
            double d = next;
            next = Math.Min(MaxSeconds, next * 2);
            return d;
        }

        /// <summary>Starts again from <see cref="MinSeconds"/>.</summary>
        public void Reset()
        {
            next = MinSeconds;
        }
    }
}
