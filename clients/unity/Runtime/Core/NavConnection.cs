using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Net.Sockets;
using System.Text;
using System.Threading;

namespace NavServer.Client
{
    /// <summary>Where a <see cref="NavConnection"/> is in its life.</summary>
    public enum ConnectionState
    {
        /// <summary>Created, <see cref="NavConnection.Start"/> not called yet.</summary>
        NotStarted,
        /// <summary>No socket: connecting, or waiting to reconnect.</summary>
        Connecting,
        /// <summary>Socket open, <c>hello</c> sent, <c>welcome</c> not yet received.</summary>
        AwaitingWelcome,
        /// <summary>In a session: <c>player_pos</c> and <c>ping</c> flow.</summary>
        Welcomed,
        /// <summary><see cref="NavConnection.Close"/> was called; final.</summary>
        Closed,
    }

    /// <summary>
    /// One client connection to navserver, free of UnityEngine: a <see cref="TcpClient"/>, one background reader
    /// thread that connects (with exponential backoff between attempts), sends <c>hello</c>, reads newline-delimited
    /// JSON and parses each line with <see cref="ProtocolParser"/>, and a dispatch queue that <see cref="Update"/>
    /// drains on the caller's thread (Unity: the main thread, from <c>Update</c>), raising one C# event per server
    /// message type. <see cref="Update"/> also sends <c>player_pos</c> at <see cref="NavConnectionSettings.PlayerPosHz"/>
    /// and <c>ping</c> at <see cref="NavConnectionSettings.PingIntervalSeconds"/>. In a cluster it follows
    /// <c>redirect</c> to the node that serves the map and retries after <c>map_unavailable</c>, within bounds
    /// (<see cref="RedirectPolicy"/>): <see cref="Redirected"/>, then a new <c>welcome</c>, or <see cref="GaveUp"/>.
    ///
    /// <para><b>Threading.</b> The dispatch queue is a <see cref="ConcurrentQueue{T}"/> with exactly one producer
    /// (the reader thread) and one consumer (the thread calling <see cref="Update"/>); events are raised only from
    /// <see cref="Update"/>, so handlers run on the main thread and may touch Unity objects. Every public method is for
    /// that one main thread. Writes to the socket happen under a lock (the reader thread writes only <c>hello</c>),
    /// are blocking, and are small; a failed write closes the socket and the reader thread reconnects.</para>
    /// </summary>
    public sealed class NavConnection : IDisposable, INavRequestSender
    {
        private enum InboxKind
        {
            Connected,
            Message,
            ParseFailed,
            Disconnected,
            ConnectFailed,
            Redirected,
            GaveUp,
        }

        private struct InboxItem
        {
            public InboxKind Kind;
            public ServerMessage Message;
            public string Text;
            public string Line;
            public int Port;
            public double Seconds;
            public double ReceivedAt;
        }

        private static readonly double TicksToSeconds = 1.0 / Stopwatch.Frequency;

        private readonly NavConnectionSettings settings;
        private readonly ConcurrentQueue<InboxItem> inbox = new ConcurrentQueue<InboxItem>();
        private readonly object writeLock = new object();
        private readonly ManualResetEvent stopSignal = new ManualResetEvent(false);
        private readonly Dictionary<long, double> pendingPings = new Dictionary<long, double>();
        private readonly List<long> expiredPings = new List<long>();
        private TcpClient client; // guarded by writeLock
        private NetworkStream stream; // guarded by writeLock
        private volatile bool stopping;
        private Thread reader;
        private bool everWelcomed;
        private long nextRequestId;
        private long playerSeq;
        private bool hasPlayerPosition;
        private bool playerPositionDirty;
        private NavVector3 playerPosition;
        private double nextPosAt;
        private double nextPingAt;

        /// <summary>Socket open and <c>hello</c> sent.</summary>
        public event Action Connected;
        /// <summary><c>welcome</c>: a (new) session started; monsters and seqs of any earlier session are void.</summary>
        public event Action<WelcomeMessage> WelcomeReceived;
        public event Action<SpawnedMessage> SpawnedReceived;
        public event Action<PathMessage> PathReceived;
        public event Action<PathValidMessage> PathValidReceived;
        public event Action<PongMessage> PongReceived;
        public event Action<NavPathMessage> NavPathReceived;
        public event Action<LocalNavMessage> LocalNavReceived;
        public event Action<MonstersMessage> MonstersReceived;
        public event Action<MapPatchMessage> MapPatchReceived;
        public event Action<ErrorMessage> ErrorReceived;
        /// <summary>The server's <c>bye</c> (it closes the connection next; the client then reconnects).</summary>
        public event Action<ByeMessage> ByeReceived;
        /// <summary>A well-formed message of a type this client does not know.</summary>
        public event Action<UnknownMessage> UnknownReceived;
        /// <summary>
        /// Every server message, after its typed event (the shared world's <c>monster_enter</c>, <c>monster_leave</c>,
        /// <c>monster_state</c>, <c>monster_event</c>, <c>command_ok</c> and <c>route_ok</c> come only here; see
        /// <see cref="MonsterRegistry"/> and <see cref="NavAuthority"/>).
        /// </summary>
        public event Action<ServerMessage> MessageReceived;
        /// <summary>A line that could not be parsed: (line, problem). The connection goes on.</summary>
        public event Action<string, string> ParseFailed;
        /// <summary>The connection was lost: (reason, seconds until the next attempt).</summary>
        public event Action<string, double> Disconnected;
        /// <summary>A connection attempt failed: (reason, seconds until the next attempt).</summary>
        public event Action<string, double> ConnectFailed;
        /// <summary>
        /// The server said another node serves the map (<c>redirect</c>): the connection is connecting to (host, port)
        /// now and says the same <c>hello</c> there; a <c>welcome</c> from it starts a new session.
        /// </summary>
        public event Action<string, int> Redirected;
        /// <summary>
        /// The connection stopped for good (state <see cref="ConnectionState.Closed"/>): more than
        /// <see cref="NavConnectionSettings.MaxRedirectsInARow"/> redirects without a welcome, or the map unavailable for
        /// <see cref="NavConnectionSettings.MapUnavailableGiveUpSeconds"/>. The argument says which.
        /// </summary>
        public event Action<string> GaveUp;
        /// <summary>A <c>pong</c> answered one of this connection's pings: the round-trip time in seconds.</summary>
        public event Action<double> RoundTripMeasured;

        public NavConnection(NavConnectionSettings settings)
        {
            if (settings == null)
            {
                throw new ArgumentNullException("settings");
            }
            if (string.IsNullOrEmpty(settings.Player) || settings.Player.Length > 64)
            {
                throw new ArgumentException("player must be 1..64 characters");
            }
            if (settings.Token != null && settings.Token.Length > 256)
            {
                throw new ArgumentException("token must be at most 256 characters");
            }
            if (!(settings.PlayerPosHz > 0) || !(settings.PingIntervalSeconds > 0) || settings.Port <= 0
                || settings.Port > 65535 || settings.MaxLineBytes < 1024 || !(settings.ConnectTimeoutSeconds > 0))
            {
                throw new ArgumentException("settings out of range: PlayerPosHz and PingIntervalSeconds > 0, "
                    + "Port 1..65535, MaxLineBytes >= 1024, ConnectTimeoutSeconds > 0");
            }
            new ExponentialBackoff(settings.ReconnectMinSeconds, settings.ReconnectMaxSeconds); // validates
            new RedirectPolicy(settings.Host, settings.Port, settings.MaxRedirectsInARow,
                settings.MapUnavailableGiveUpSeconds); // validates
            this.settings = settings;
            State = ConnectionState.NotStarted;
            LastRoundTripSeconds = double.NaN;
        }

        public ConnectionState State { get; private set; }
        /// <summary>The current session's <c>welcome</c>, or the last one when disconnected; null before the first.</summary>
        public WelcomeMessage Welcome { get; private set; }
        /// <summary>Sessions started after the first one (successful reconnects).</summary>
        public int Reconnects { get; private set; }
        /// <summary><c>redirect</c>s followed.</summary>
        public int Redirects { get; private set; }
        /// <summary>The last measured <c>ping</c> round trip, seconds; NaN before the first.</summary>
        public double LastRoundTripSeconds { get; private set; }
        /// <summary>The <c>seq</c> of the last <c>player_pos</c> sent in this session; 0 before the first.</summary>
        public long PlayerSeq { get { return playerSeq; } }

        /// <summary>Seconds on this connection's monotonic clock (the one <see cref="Update"/> uses).</summary>
        public static double Now()
        {
            return Stopwatch.GetTimestamp() * TicksToSeconds;
        }

        /// <summary>Starts the reader thread; it connects at once.</summary>
        public void Start()
        {
            if (State != ConnectionState.NotStarted)
            {
                throw new InvalidOperationException("already started");
            }
            State = ConnectionState.Connecting;
            reader = new Thread(ReadLoop);
            reader.IsBackground = true;
            reader.Name = "NavServerClient reader " + settings.Host + ":" + settings.Port;
            reader.Start();
        }

        /// <summary>The player's position; sent as <c>player_pos</c> by <see cref="Update"/> when it changed.</summary>
        public void SetPlayerPosition(NavVector3 position)
        {
            if (!hasPlayerPosition || !position.Equals(playerPosition))
            {
                playerPositionDirty = true;
            }
            hasPlayerPosition = true;
            playerPosition = position;
        }

        /// <summary>
        /// Dispatches received messages (raising the events on this thread), then sends a due <c>player_pos</c> and
        /// <c>ping</c>. Call once per frame from the main thread.
        /// </summary>
        public void Update()
        {
            int max = settings.MaxMessagesPerUpdate;
            InboxItem item;
            for (int n = 0; (max <= 0 || n < max) && inbox.TryDequeue(out item); n++)
            {
                Dispatch(item);
            }
            if (State != ConnectionState.Welcomed)
            {
                return;
            }
            double now = Now();
            if (hasPlayerPosition && playerPositionDirty && now >= nextPosAt)
            {
                playerPositionDirty = false;
                nextPosAt = now + 1.0 / settings.PlayerPosHz;
                Send(ProtocolWriter.PlayerPos(++playerSeq, playerPosition));
            }
            if (now >= nextPingAt)
            {
                nextPingAt = now + settings.PingIntervalSeconds;
                long id = ++nextRequestId;
                ExpirePings(now);
                pendingPings[id] = now;
                Send(ProtocolWriter.Ping(id));
            }
        }

        /// <summary>A fresh request id of this connection (ids are unique per connection, shared by every request kind).</summary>
        public long NextRequestId()
        {
            return ++nextRequestId;
        }

        /// <summary>
        /// The <c>seq</c> for a <c>player_pos</c> sent with <see cref="Send"/> (an authority's managed player): one
        /// counter per session with this connection's own <c>player_pos</c>, so every seq is newer than the last.
        /// </summary>
        public long NextPlayerSeq()
        {
            return ++playerSeq;
        }

        /// <summary>Sends <c>spawn</c>; returns its request id (echoed by <c>spawned</c> or <c>error</c>), or -1 when not in a session.</summary>
        public long Spawn(NavVector3 position)
        {
            long id = ++nextRequestId;
            return Send(ProtocolWriter.Spawn(id, position)) ? id : -1;
        }

        /// <summary>Sends <c>path_query</c>; returns its request id, or -1 when not connected.</summary>
        public long PathQuery(NavVector3 from, NavVector3 to)
        {
            long id = ++nextRequestId;
            return Send(ProtocolWriter.PathQuery(id, from, to)) ? id : -1;
        }

        /// <summary>Sends <c>validate_path</c>; returns its request id, or -1 when not connected.</summary>
        public long ValidatePath(IReadOnlyList<NavVector3> points)
        {
            long id = ++nextRequestId;
            return Send(ProtocolWriter.ValidatePath(id, points)) ? id : -1;
        }

        /// <summary>
        /// Writes one line (a JSON object without newline) when a session is open; false when there is none or the
        /// write failed (then the socket is closed and the reader thread reconnects).
        /// </summary>
        public bool Send(string line)
        {
            if (State != ConnectionState.Welcomed)
            {
                return false;
            }
            lock (writeLock)
            {
                return WriteLocked(line);
            }
        }

        /// <summary>
        /// Ends the connection cleanly: sends <c>bye</c> when in a session, half-closes, waits up to a second for the
        /// server to close, and stops the reader thread. No reconnect follows; no event is raised afterwards.
        /// </summary>
        public void Close()
        {
            if (State == ConnectionState.Closed)
            {
                return;
            }
            bool wasWelcomed = State == ConnectionState.Welcomed;
            State = ConnectionState.Closed;
            lock (writeLock)
            {
                stopping = true;
                if (stream != null && wasWelcomed && WriteLocked(ProtocolWriter.Bye()))
                {
                    try
                    {
                        client.Client.Shutdown(SocketShutdown.Send);
                    }
                    catch (SocketException)
                    {
                        // already gone: the close below is all that is left to do
                    }
                }
                else if (client != null)
                {
                    client.Close();
                }
            }
            stopSignal.Set();
            if (reader != null && !reader.Join(1000))
            {
                lock (writeLock)
                {
                    if (client != null)
                    {
                        client.Close();
                    }
                }
                reader.Join(1000);
            }
            InboxItem ignored;
            while (inbox.TryDequeue(out ignored))
            {
            }
        }

        public void Dispose()
        {
            Close();
        }

        private void ExpirePings(double now)
        {
            if (pendingPings.Count < 16)
            {
                return;
            }
            expiredPings.Clear();
            foreach (KeyValuePair<long, double> e in pendingPings)
            {
                if (now - e.Value > 30)
                {
                    expiredPings.Add(e.Key);
                }
            }
            for (int i = 0; i < expiredPings.Count; i++)
            {
                pendingPings.Remove(expiredPings[i]);
            }
        }

        private bool WriteLocked(string line)
        {
            if (stream == null)
            {
                return false;
            }
            byte[] bytes = Encoding.UTF8.GetBytes(line + "\n");
            try
            {
                stream.Write(bytes, 0, bytes.Length);
                return true;
            }
            catch (Exception e)
            {
                if (e is IOException || e is SocketException || e is ObjectDisposedException)
                {
                    client.Close(); // the reader thread sees the closed socket and reconnects
                    return false;
                }
                throw;
            }
        }

        private void Dispatch(InboxItem item)
        {
            switch (item.Kind)
            {
                case InboxKind.Connected:
                    State = ConnectionState.AwaitingWelcome;
                    if (Connected != null)
                    {
                        Connected();
                    }
                    return;
                case InboxKind.Disconnected:
                    State = ConnectionState.Connecting;
                    pendingPings.Clear();
                    if (Disconnected != null)
                    {
                        Disconnected(item.Text, item.Seconds);
                    }
                    return;
                case InboxKind.ConnectFailed:
                    if (ConnectFailed != null)
                    {
                        ConnectFailed(item.Text, item.Seconds);
                    }
                    return;
                case InboxKind.Redirected:
                    State = ConnectionState.Connecting;
                    pendingPings.Clear();
                    Redirects++;
                    if (Redirected != null)
                    {
                        Redirected(item.Text, item.Port);
                    }
                    return;
                case InboxKind.GaveUp:
                    State = ConnectionState.Closed;
                    pendingPings.Clear();
                    if (GaveUp != null)
                    {
                        GaveUp(item.Text);
                    }
                    return;
                case InboxKind.ParseFailed:
                    if (ParseFailed != null)
                    {
                        ParseFailed(item.Line, item.Text);
                    }
                    return;
            }
            ServerMessage m = item.Message;
            if (m.Type == WelcomeMessage.WireType && State != ConnectionState.AwaitingWelcome)
            {
                return; // a stray welcome (not ours to start a session with)
            }
            RaiseTyped(m, item.ReceivedAt);
            Raise(MessageReceived, m);
        }

        private void RaiseTyped(ServerMessage m, double receivedAt)
        {
            switch (m.Type)
            {
                case WelcomeMessage.WireType:
                    if (everWelcomed)
                    {
                        Reconnects++;
                    }
                    everWelcomed = true;
                    Welcome = (WelcomeMessage)m;
                    State = ConnectionState.Welcomed;
                    playerSeq = 0;
                    playerPositionDirty = true;
                    nextPosAt = 0;
                    nextPingAt = Now() + settings.PingIntervalSeconds;
                    Raise(WelcomeReceived, Welcome);
                    return;
                case SpawnedMessage.WireType:
                    Raise(SpawnedReceived, (SpawnedMessage)m);
                    return;
                case PathMessage.WireType:
                    Raise(PathReceived, (PathMessage)m);
                    return;
                case PathValidMessage.WireType:
                    Raise(PathValidReceived, (PathValidMessage)m);
                    return;
                case PongMessage.WireType:
                    PongMessage pong = (PongMessage)m;
                    long id;
                    double sentAt;
                    if (pong.Id != null && long.TryParse(pong.Id.Raw, NumberStyles.None, CultureInfo.InvariantCulture, out id)
                        && pendingPings.TryGetValue(id, out sentAt))
                    {
                        pendingPings.Remove(id);
                        LastRoundTripSeconds = receivedAt - sentAt;
                        if (RoundTripMeasured != null)
                        {
                            RoundTripMeasured(LastRoundTripSeconds);
                        }
                    }
                    Raise(PongReceived, pong);
                    return;
                case NavPathMessage.WireType:
                    Raise(NavPathReceived, (NavPathMessage)m);
                    return;
                case LocalNavMessage.WireType:
                    Raise(LocalNavReceived, (LocalNavMessage)m);
                    return;
                case MonstersMessage.WireType:
                    Raise(MonstersReceived, (MonstersMessage)m);
                    return;
                case MapPatchMessage.WireType:
                    Raise(MapPatchReceived, (MapPatchMessage)m);
                    return;
                case ErrorMessage.WireType:
                    Raise(ErrorReceived, (ErrorMessage)m);
                    return;
                case ByeMessage.WireType:
                    Raise(ByeReceived, (ByeMessage)m);
                    return;
                default:
                    UnknownMessage unknown = m as UnknownMessage;
                    if (unknown != null)
                    {
                        Raise(UnknownReceived, unknown);
                    }
                    return; // a known type without a typed event here: MessageReceived carries it
            }
        }

        private static void Raise<T>(Action<T> handler, T message)
        {
            if (handler != null)
            {
                handler(message);
            }
        }

        // ---- reader thread ----

        private void ReadLoop()
        {
            var backoff = new ExponentialBackoff(settings.ReconnectMinSeconds, settings.ReconnectMaxSeconds);
            var moves = new RedirectPolicy(settings.Host, settings.Port, settings.MaxRedirectsInARow,
                settings.MapUnavailableGiveUpSeconds);
            while (!stopping)
            {
                moves.Connected();
                var c = new TcpClient();
                bool connected = false;
                string reason;
                try
                {
                    c.NoDelay = true;
                    var task = c.ConnectAsync(moves.Host, moves.Port);
                    if (!task.Wait(TimeSpan.FromSeconds(settings.ConnectTimeoutSeconds)))
                    {
                        throw new TimeoutException("connect timed out after " + settings.ConnectTimeoutSeconds + " s");
                    }
                    NetworkStream s = c.GetStream();
                    lock (writeLock)
                    {
                        if (stopping)
                        {
                            break;
                        }
                        client = c;
                        stream = s;
                        connected = WriteLocked(ProtocolWriter.Hello(settings.Player, settings.Map, settings.Token));
                    }
                    if (connected)
                    {
                        inbox.Enqueue(new InboxItem { Kind = InboxKind.Connected });
                        ReadLines(s, backoff, moves);
                        reason = moves.MapUnavailable ? "map unavailable (retrying)" : "closed by the server";
                    }
                    else
                    {
                        reason = "hello could not be sent";
                    }
                }
                catch (Exception e)
                {
                    Exception inner = e is AggregateException && e.InnerException != null ? e.InnerException : e;
                    reason = inner.Message;
                }
                finally
                {
                    lock (writeLock)
                    {
                        if (client == c)
                        {
                            client = null;
                            stream = null;
                        }
                    }
                    c.Close();
                }
                if (stopping)
                {
                    break;
                }
                double delay = backoff.Next();
                RedirectPolicy.Next next = moves.AfterClose(Now(), delay);
                if (next == RedirectPolicy.Next.GiveUp)
                {
                    inbox.Enqueue(new InboxItem { Kind = InboxKind.GaveUp, Text = moves.Problem });
                    break;
                }
                if (next == RedirectPolicy.Next.Redirect)
                {
                    inbox.Enqueue(new InboxItem { Kind = InboxKind.Redirected, Text = moves.Host, Port = moves.Port });
                    continue; // at once: the map is served over there
                }
                inbox.Enqueue(new InboxItem
                {
                    Kind = connected ? InboxKind.Disconnected : InboxKind.ConnectFailed,
                    Text = reason,
                    Seconds = delay,
                });
                stopSignal.WaitOne(TimeSpan.FromSeconds(delay));
            }
        }

        /// <summary>Reads lines until the server closes; throws on socket errors.</summary>
        private void ReadLines(NetworkStream s, ExponentialBackoff backoff, RedirectPolicy moves)
        {
            byte[] chunk = new byte[16384];
            byte[] line = new byte[4096];
            int length = 0;
            bool discarding = false;
            while (true)
            {
                int n = s.Read(chunk, 0, chunk.Length);
                if (n <= 0)
                {
                    return;
                }
                double receivedAt = Now();
                int start = 0;
                for (int i = 0; i < n; i++)
                {
                    if (chunk[i] != (byte)'\n')
                    {
                        continue;
                    }
                    if (!discarding)
                    {
                        line = Append(line, ref length, chunk, start, i - start);
                        if (length <= settings.MaxLineBytes)
                        {
                            Deliver(line, length, receivedAt, backoff, moves);
                        }
                        else
                        {
                            TooLong();
                        }
                    }
                    discarding = false;
                    length = 0;
                    start = i + 1;
                }
                if (!discarding && start < n)
                {
                    line = Append(line, ref length, chunk, start, n - start);
                    if (length > settings.MaxLineBytes)
                    {
                        TooLong();
                        discarding = true;
                        length = 0;
                    }
                }
            }
        }

        private void TooLong()
        {
            inbox.Enqueue(new InboxItem
            {
                Kind = InboxKind.ParseFailed,
                Line = "",
                Text = "line longer than " + settings.MaxLineBytes + " bytes, dropped",
            });
        }

        private byte[] Append(byte[] line, ref int length, byte[] src, int offset, int count)
        {
            if (length + count > line.Length)
            {
                int size = Math.Max(line.Length * 2, length + count);
                size = Math.Min(size, Math.Max(settings.MaxLineBytes + 1, length + count));
                Array.Resize(ref line, size);
            }
            Buffer.BlockCopy(src, offset, line, length, count);
            length += count;
            return line;
        }

        private void Deliver(byte[] line, int length, double receivedAt, ExponentialBackoff backoff, RedirectPolicy moves)
        {
            if (length > 0 && line[length - 1] == (byte)'\r')
            {
                length--;
            }
            if (length == 0)
            {
                return; // empty lines are ignored, as the protocol says
            }
            string text = Encoding.UTF8.GetString(line, 0, length);
            ParseResult r = ProtocolParser.Parse(text);
            if (!r.Ok)
            {
                inbox.Enqueue(new InboxItem { Kind = InboxKind.ParseFailed, Line = text, Text = r.Problem });
                return;
            }
            if (r.Message.Type == WelcomeMessage.WireType)
            {
                backoff.Reset(); // a session started: the next loss retries quickly again
                moves.Welcomed();
            }
            else if (r.Message.Type == RedirectMessage.WireType)
            {
                moves.Redirected((RedirectMessage)r.Message);
            }
            else if (r.Message.Type == ErrorMessage.WireType && ((ErrorMessage)r.Message).Code == "map_unavailable")
            {
                moves.Unavailable();
            }
            inbox.Enqueue(new InboxItem { Kind = InboxKind.Message, Message = r.Message, ReceivedAt = receivedAt });
        }
    }
}
