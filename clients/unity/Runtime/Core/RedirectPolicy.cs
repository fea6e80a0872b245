using System;

namespace NavServer.Client
{
    /// <summary>
    /// Where a <see cref="NavConnection"/> connects next (issue 27's cluster): after <c>redirect</c> to the named node
    /// at once, at most <see cref="MaxRedirectsInARow"/> times in a row without a <c>welcome</c>; after
    /// <c>map_unavailable</c> to the same address after the backoff, for at most <see cref="UnavailableGiveUpSeconds"/>
    /// since the first refusal; after any other loss back to the configured address (a directory or any node, which
    /// names the map's current owner), after the backoff. A <c>welcome</c> resets both bounds. Not thread-safe: owned
    /// by the connection's reader thread.
    /// </summary>
    public sealed class RedirectPolicy
    {
        /// <summary>What follows the end of a connection.</summary>
        public enum Next
        {
            /// <summary>Connect to <see cref="Host"/>:<see cref="Port"/> at once: the server redirected.</summary>
            Redirect,
            /// <summary>Connect to <see cref="Host"/>:<see cref="Port"/> after the backoff.</summary>
            Retry,
            /// <summary>Stop: a bound was reached; <see cref="Problem"/> says which.</summary>
            GiveUp,
        }

        private readonly string configuredHost;
        private readonly int configuredPort;
        private string redirectHost;
        private int redirectPort;
        private bool unavailable;
        private int redirectsInARow;
        private double unavailableSince = double.NaN;

        public int MaxRedirectsInARow { get; }
        public double UnavailableGiveUpSeconds { get; }
        /// <summary>Where the connection connects (next).</summary>
        public string Host { get; private set; }
        /// <summary>Where the connection connects (next).</summary>
        public int Port { get; private set; }
        /// <summary>Why <see cref="AfterClose"/> gave up; null before.</summary>
        public string Problem { get; private set; }

        /// <param name="host">the configured address: a directory or any node</param>
        /// <param name="port">its game port</param>
        /// <param name="maxRedirectsInARow">redirects followed without a welcome, &gt;= 1</param>
        /// <param name="unavailableGiveUpSeconds">longest time a map may stay unavailable, seconds, &gt; 0</param>
        public RedirectPolicy(string host, int port, int maxRedirectsInARow, double unavailableGiveUpSeconds)
        {
            if (maxRedirectsInARow < 1 || !(unavailableGiveUpSeconds > 0) || double.IsInfinity(unavailableGiveUpSeconds))
            {
                throw new ArgumentException("MaxRedirectsInARow must be >= 1 and MapUnavailableGiveUpSeconds > 0 (finite)");
            }
            configuredHost = host;
            configuredPort = port;
            Host = host;
            Port = port;
            MaxRedirectsInARow = maxRedirectsInARow;
            UnavailableGiveUpSeconds = unavailableGiveUpSeconds;
        }

        /// <summary>Whether the last connection was refused with <c>map_unavailable</c>.</summary>
        public bool MapUnavailable { get { return unavailable; } }

        /// <summary>A new connection is open: nothing heard on it yet.</summary>
        public void Connected()
        {
            redirectHost = null;
            unavailable = false;
        }

        /// <summary>The server sent <c>redirect</c>.</summary>
        public void Redirected(RedirectMessage r)
        {
            redirectHost = r.Host;
            redirectPort = r.Port;
        }

        /// <summary>The server answered <c>error</c> <c>map_unavailable</c>.</summary>
        public void Unavailable()
        {
            unavailable = true;
        }

        /// <summary>A session started: the bounds start again.</summary>
        public void Welcomed()
        {
            redirectsInARow = 0;
            unavailableSince = double.NaN;
        }

        /// <summary>
        /// The connection ended (or could not be opened) at <paramref name="nowSeconds"/>; <paramref name="backoffSeconds"/>
        /// is the wait a retry would take. Sets <see cref="Host"/> and <see cref="Port"/> for the next attempt.
        /// </summary>
        public Next AfterClose(double nowSeconds, double backoffSeconds)
        {
            if (redirectHost != null)
            {
                if (++redirectsInARow > MaxRedirectsInARow)
                {
                    Problem = "more than " + MaxRedirectsInARow + " redirects in a row without a welcome (the last to "
                        + redirectHost + ":" + redirectPort + ")";
                    return Next.GiveUp;
                }
                Host = redirectHost;
                Port = redirectPort;
                return Next.Redirect;
            }
            if (unavailable)
            {
                if (double.IsNaN(unavailableSince))
                {
                    unavailableSince = nowSeconds;
                }
                if (nowSeconds + backoffSeconds - unavailableSince > UnavailableGiveUpSeconds)
                {
                    Problem = "map unavailable for " + UnavailableGiveUpSeconds + " s at " + Host + ":" + Port;
                    return Next.GiveUp;
                }
                return Next.Retry; // the same node: it redirects once the map has a new owner
            }
            Host = configuredHost;
            Port = configuredPort;
            return Next.Retry;
        }
    }
}
