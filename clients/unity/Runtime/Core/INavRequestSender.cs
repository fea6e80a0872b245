namespace NavServer.Client
{
    /// <summary>
    /// Where requests go: <see cref="NavConnection"/> in a game, a recorder in tests. Main thread only, like the
    /// connection.
    /// </summary>
    public interface INavRequestSender
    {
        /// <summary>Writes one line (a JSON object without newline); false when there is no session or the write failed.</summary>
        bool Send(string line);

        /// <summary>A request id not used before on this connection.</summary>
        long NextRequestId();

        /// <summary>A <c>player_pos</c> seq newer than every one sent before in this session.</summary>
        long NextPlayerSeq();
    }
}
