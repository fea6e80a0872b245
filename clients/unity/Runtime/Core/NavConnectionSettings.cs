namespace NavServer.Client
{
    /// <summary>How a <see cref="NavConnection"/> connects and what it sends. Read once by the constructor.</summary>
    public sealed class NavConnectionSettings
    {
        /// <summary>Server host name or address.</summary>
        public string Host = "127.0.0.1";
        /// <summary>The server's game port (<c>server.port</c>, default 7400).</summary>
        public int Port = 7400;
        /// <summary>Player name sent in <c>hello</c>, 1..64 characters.</summary>
        public string Player = "player";
        /// <summary>Map name sent in <c>hello</c>; null or empty for the server's default map.</summary>
        public string Map;
        /// <summary>
        /// Authority token sent in <c>hello</c> (the server's <c>server.authorityToken</c>); null or empty for a player
        /// session. Only for trusted game logic (a game server, an editor tool): never ship it in players' builds.
        /// </summary>
        public string Token;
        /// <summary><c>player_pos</c> messages per second at most; a position is sent only when it changed.</summary>
        public double PlayerPosHz = 10;
        /// <summary>Seconds between two <c>ping</c>s (round-trip time, and keeps the connection from idling out).</summary>
        public double PingIntervalSeconds = 2;
        /// <summary>First reconnect delay, seconds; doubles per failed attempt.</summary>
        public double ReconnectMinSeconds = 0.5;
        /// <summary>Largest reconnect delay, seconds.</summary>
        public double ReconnectMaxSeconds = 10;
        /// <summary>
        /// <c>redirect</c>s followed one after another without a <c>welcome</c> before the connection gives up
        /// (<see cref="NavConnection.GaveUp"/>); &gt;= 1.
        /// </summary>
        public int MaxRedirectsInARow = 5;
        /// <summary>
        /// Longest time a map may stay unavailable (<c>error map_unavailable</c>, retried with the reconnect backoff)
        /// before the connection gives up, seconds; &gt; 0.
        /// </summary>
        public double MapUnavailableGiveUpSeconds = 30;
        /// <summary>A connection attempt that takes longer fails, seconds.</summary>
        public double ConnectTimeoutSeconds = 5;
        /// <summary>Longer server lines are dropped (reported through <see cref="NavConnection.ParseFailed"/>), bytes.</summary>
        public int MaxLineBytes = 1 << 20;
        /// <summary>At most this many received messages are dispatched per <see cref="NavConnection.Update"/>; 0 = all.</summary>
        public int MaxMessagesPerUpdate = 0;
    }
}
