using System;
using UnityEngine;

namespace NavServer.Client
{
    /// <summary>
    /// The connection to navserver as a component: a thin wrapper around <see cref="NavConnection"/> (TCP, one
    /// background reader thread, the main-thread dispatch queue drained here in <c>Update</c>, <c>hello</c>,
    /// <c>player_pos</c> at <see cref="playerPosHz"/>, <c>ping</c> round trips, reconnect with exponential backoff,
    /// following a cluster's <c>redirect</c>, a clean <c>bye</c> on destroy), a <see cref="MonsterRegistry"/> of the monsters in view ticked every frame, and
    /// a <see cref="NavAuthority"/> for game logic that holds the server's authority token. Every event is raised on
    /// the main thread.
    /// </summary>
    [DisallowMultipleComponent]
    [AddComponentMenu("NavServer/Nav Server Client")]
    public sealed class NavServerClient : MonoBehaviour
    {
        [Header("Server")]
        [SerializeField] private string host = "127.0.0.1";
        [SerializeField] private int port = 7400;
        [Tooltip("Player name sent in hello, 1..64 characters.")]
        [SerializeField] private string playerName = "player";
        [Tooltip("Map name sent in hello; empty for the server's default map.")]
        [SerializeField] private string mapName = "";
        [SerializeField] private bool connectOnStart = true;
        [Tooltip("The server's server.authorityToken, for trusted game logic only (a dedicated server build or an editor "
            + "tool): it makes this an authority session that may spawn and command monsters. Leave empty in players' builds.")]
        [SerializeField] private string authorityToken = "";

        [Header("Player")]
        [Tooltip("Whose position is reported as player_pos.")]
        [SerializeField] private Transform player;
        [Tooltip("player_pos messages per second at most (only sent when the player moved).")]
        [SerializeField, Range(1, 60)] private float playerPosHz = 10f;

        [Header("Connection")]
        [SerializeField] private float pingIntervalSeconds = 2f;
        [SerializeField] private float reconnectMinSeconds = 0.5f;
        [SerializeField] private float reconnectMaxSeconds = 10f;
        [SerializeField] private bool logConnection = true;

        private readonly MonsterRegistry monsters = new MonsterRegistry();
        private NavConnection connection;
        private NavAuthority authority;

        public event Action Connected;
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
        public event Action<ByeMessage> ByeReceived;
        public event Action<UnknownMessage> UnknownReceived;
        /// <summary>Every server message after its typed event, including the shared world's (<c>monster_enter</c>, <c>monster_state</c>...).</summary>
        public event Action<ServerMessage> MessageReceived;
        public event Action<string, string> ParseFailed;
        public event Action<string, double> Disconnected;
        /// <summary>Another node serves the map: connecting to (host, port) now; a new <c>welcome</c> follows.</summary>
        public event Action<string, int> Redirected;
        /// <summary>The connection stopped for good (too many redirects, or the map unavailable too long).</summary>
        public event Action<string> GaveUp;
        public event Action<double> RoundTripMeasured;

        /// <summary>The monsters of the current session; subscribe to its appear/leave events from <c>OnEnable</c>.</summary>
        public MonsterRegistry Monsters { get { return monsters; } }

        /// <summary>
        /// Monster spawns, commands, routes and managed players, with their answers and <c>monster_event</c>s (null
        /// before <c>Awake</c>). Needs an authority session (<see cref="IsAuthority"/>); a player session's requests
        /// fail with <c>forbidden</c>.
        /// </summary>
        public NavAuthority Authority { get { return authority; } }

        /// <summary>True when the current session's <c>welcome</c> said <c>role</c> <c>authority</c>.</summary>
        public bool IsAuthority
        {
            get { return connection != null && connection.Welcome != null && connection.Welcome.Role == "authority"; }
        }

        /// <summary>The engine-free connection (null before <c>Awake</c>).</summary>
        public NavConnection Connection { get { return connection; } }

        /// <summary>Last ping round trip, seconds; NaN before the first.</summary>
        public double RoundTripSeconds { get { return connection == null ? double.NaN : connection.LastRoundTripSeconds; } }

        /// <summary>Sends <c>spawn</c> at a world position; returns the request id, or -1 when not in a session.</summary>
        public long Spawn(Vector3 position)
        {
            return connection.Spawn(position.ToNav());
        }

        /// <summary>Sends <c>path_query</c>; the answer comes as <see cref="PathReceived"/> with the returned id.</summary>
        public long PathQuery(Vector3 from, Vector3 to)
        {
            return connection.PathQuery(from.ToNav(), to.ToNav());
        }

        private void Awake()
        {
            connection = new NavConnection(new NavConnectionSettings
            {
                Host = host,
                Port = port,
                Player = playerName,
                Map = mapName,
                PlayerPosHz = playerPosHz,
                PingIntervalSeconds = pingIntervalSeconds,
                ReconnectMinSeconds = reconnectMinSeconds,
                ReconnectMaxSeconds = reconnectMaxSeconds,
                Token = string.IsNullOrEmpty(authorityToken) ? null : authorityToken,
            });
            monsters.Attach(connection);
            authority = new NavAuthority(connection);
            connection.Connected += () => { if (Connected != null) Connected(); };
            connection.WelcomeReceived += m =>
            {
                if (logConnection)
                {
                    Debug.Log("navserver: session " + m.Session + " on map " + m.Map.Name);
                }
                if (WelcomeReceived != null) WelcomeReceived(m);
            };
            connection.SpawnedReceived += m => { if (SpawnedReceived != null) SpawnedReceived(m); };
            connection.PathReceived += m => { if (PathReceived != null) PathReceived(m); };
            connection.PathValidReceived += m => { if (PathValidReceived != null) PathValidReceived(m); };
            connection.PongReceived += m => { if (PongReceived != null) PongReceived(m); };
            connection.NavPathReceived += m => { if (NavPathReceived != null) NavPathReceived(m); };
            connection.LocalNavReceived += m => { if (LocalNavReceived != null) LocalNavReceived(m); };
            connection.MonstersReceived += m => { if (MonstersReceived != null) MonstersReceived(m); };
            connection.MapPatchReceived += m => { if (MapPatchReceived != null) MapPatchReceived(m); };
            connection.ErrorReceived += m =>
            {
                if (logConnection)
                {
                    Debug.LogWarning("navserver error " + m.Code + ": " + m.Message);
                }
                if (ErrorReceived != null) ErrorReceived(m);
            };
            connection.ByeReceived += m => { if (ByeReceived != null) ByeReceived(m); };
            connection.UnknownReceived += m => { if (UnknownReceived != null) UnknownReceived(m); };
            connection.MessageReceived += m => { if (MessageReceived != null) MessageReceived(m); };
            connection.ParseFailed += (line, problem) =>
            {
                Debug.LogWarning("navserver: unreadable line (" + problem + "): " + line);
                if (ParseFailed != null) ParseFailed(line, problem);
            };
            connection.Disconnected += (reason, retry) =>
            {
                if (logConnection)
                {
                    Debug.Log("navserver: disconnected (" + reason + "), reconnecting in " + retry + " s");
                }
                if (Disconnected != null) Disconnected(reason, retry);
            };
            connection.Redirected += (toHost, toPort) =>
            {
                if (logConnection)
                {
                    Debug.Log("navserver: map served by " + toHost + ":" + toPort + ", connecting there");
                }
                if (Redirected != null) Redirected(toHost, toPort);
            };
            connection.GaveUp += reason =>
            {
                Debug.LogWarning("navserver: connection given up: " + reason);
                if (GaveUp != null) GaveUp(reason);
            };
            connection.RoundTripMeasured += s => { if (RoundTripMeasured != null) RoundTripMeasured(s); };
        }

        private void Start()
        {
            if (connectOnStart)
            {
                Connect();
            }
        }

        /// <summary>Starts connecting (once); reconnects happen by themselves.</summary>
        public void Connect()
        {
            if (connection.State == ConnectionState.NotStarted)
            {
                connection.Start();
            }
        }

        private void Update()
        {
            if (player != null)
            {
                NavVector3 p = player.position.ToNav();
                monsters.PlayerPosition = p;
                connection.SetPlayerPosition(p);
            }
            connection.Update();
            monsters.Tick(Time.deltaTime);
        }

        private void OnDestroy()
        {
            if (connection != null)
            {
                connection.Close(); // sends bye when in a session
            }
        }

        private void OnApplicationQuit()
        {
            if (connection != null)
            {
                connection.Close();
            }
        }
    }
}
