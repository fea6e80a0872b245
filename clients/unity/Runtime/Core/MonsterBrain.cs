using System;

namespace NavServer.Client
{
    /// <summary>
    /// The client's local navigation for a monster in <see cref="MonsterMode.Local"/> mode: in Unity a NavMeshAgent
    /// (see <c>NavMonster</c>); in tests a recorder. Called on the main thread only.
    /// </summary>
    public interface ILocalAgent
    {
        /// <summary>Turns the agent on where the monster stands (Unity: enable and <c>Warp</c>).</summary>
        void Activate(NavVector3 position);

        /// <summary>Unity's <c>NavMeshAgent.SetDestination</c>.</summary>
        void SetDestination(NavVector3 destination);

        /// <summary>Turns the agent off; the server's paths drive the monster again.</summary>
        void Deactivate();

        /// <summary>Where the agent has moved the monster.</summary>
        NavVector3 Position { get; }
    }

    /// <summary>What a monster is doing on the client.</summary>
    public enum MonsterMode
    {
        /// <summary>No usable path yet (just appeared, or just handed back by local navigation).</summary>
        WaitingForPath,
        /// <summary>Walking the newest <c>nav_path</c>.</summary>
        FollowingPath,
        /// <summary>At the end of its path, waiting for the next one.</summary>
        Arrived,
        /// <summary>Driven by the client's <see cref="ILocalAgent"/> after <c>local_nav active:true</c>.</summary>
        Local,
    }

    /// <summary>What <see cref="MonsterBrain.OnNavPath"/> did with a path.</summary>
    public enum NavPathOutcome
    {
        /// <summary>Newer than any seen: now followed (or kept for after local navigation).</summary>
        Accepted,
        /// <summary><c>seq</c> not newer than the newest seen: dropped.</summary>
        Stale,
    }

    /// <summary>
    /// The state machine of one server-driven monster, free of UnityEngine: follows the newest <c>nav_path</c> at its
    /// speed, drops older ones, eases toward the server's authoritative position from <c>monsters</c> snapshots
    /// without snapping, and hands itself to an <see cref="ILocalAgent"/> on <c>local_nav</c>. Main thread only.
    /// </summary>
    public sealed class MonsterBrain
    {
        private readonly PathFollower follower = new PathFollower();
        private NavVector3 correction;
        private NavVector3 lastDestination;
        private NavVector3? slot;

        public string Id { get; }
        public MonsterMode Mode { get; private set; }
        /// <summary>Where the client shows the monster, metres.</summary>
        public NavVector3 Position { get; private set; }
        /// <summary>The newest <c>nav_path</c> seq accepted; -1 before the first.</summary>
        public long NewestSeq { get; private set; }
        /// <summary>The newest accepted path (its <c>status</c>, <c>playerSeq</c>...), or null.</summary>
        public NavPathMessage CurrentPath { get; private set; }
        /// <summary>The last authoritative position from a <c>monsters</c> snapshot.</summary>
        public NavVector3 ServerPosition { get; private set; }
        /// <summary>
        /// The monster's wire state (<see cref="MonsterStates"/>) from the newest <c>monster_enter</c>,
        /// <c>monster_state</c>, <c>nav_path</c> or <c>monsters</c> snapshot that carried one; null before the first.
        /// </summary>
        public string ServerState { get; private set; }
        /// <summary>
        /// The player it chases (from <c>monster_enter</c>, <c>monster_state</c>, <c>nav_path</c>); null when it chases
        /// nobody or the server did not say.
        /// </summary>
        public string Target { get; private set; }
        /// <summary>Its kind from <c>monster_enter</c> (e.g. <c>wolf</c>); null when announced otherwise (an older server).</summary>
        public string Kind { get; private set; }
        /// <summary>Body radius from <c>monster_enter</c>, metres; 0 when unknown.</summary>
        public double RadiusMeters { get; private set; }
        /// <summary>Speed from <c>monster_enter</c> or its newest <c>nav_path</c>, metres per second; 0 when unknown.</summary>
        public double SpeedMetersPerSecond { get; private set; }
        /// <summary>Its home from <c>monster_enter</c>; null when the server did not send one.</summary>
        public NavVector3? Home { get; private set; }
        /// <summary>
        /// Why it left the registry: a <c>monster_leave</c> reason (<see cref="MonsterLeaveReasons"/>),
        /// <see cref="LeaveMissingFromSnapshots"/> or <see cref="LeaveSessionEnded"/>; null while it is in view.
        /// </summary>
        public string LeaveReason { get; internal set; }
        /// <summary><see cref="LeaveReason"/> of a monster missing from two <c>monsters</c> snapshots in a row.</summary>
        public const string LeaveMissingFromSnapshots = "missing_from_snapshots";
        /// <summary><see cref="LeaveReason"/> of every monster when a new session starts (or the registry is cleared).</summary>
        public const string LeaveSessionEnded = "session_ended";
        /// <summary>Raised after <see cref="ServerState"/> or <see cref="Target"/> changed.</summary>
        public event Action<MonsterBrain> StateChanged;
        /// <summary>The local agent; null means local mode just holds position.</summary>
        public ILocalAgent Agent { get; set; }
        /// <summary>Snapshot corrections are eased in with this time constant, seconds (&gt; 0).</summary>
        public double CorrectionSeconds { get; set; }
        /// <summary>Easing never moves the monster faster than this on top of walking, metres per second.</summary>
        public double MaxCorrectionMetersPerSecond { get; set; }
        /// <summary>In local mode without a slot, the agent is re-targeted when the player moved this far, metres.</summary>
        public double RetargetMeters { get; set; }

        public MonsterBrain(string id, NavVector3 position)
        {
            Id = id;
            Position = position;
            ServerPosition = position;
            NewestSeq = -1;
            Mode = MonsterMode.WaitingForPath;
            CorrectionSeconds = 0.3;
            MaxCorrectionMetersPerSecond = 4.0;
            RetargetMeters = 0.25;
        }

        /// <summary>The path follower (read it for debug drawing; do not drive it).</summary>
        public PathFollower Follower { get { return follower; } }

        /// <summary>
        /// A <c>nav_path</c> for this monster. One whose seq is not newer than <see cref="NewestSeq"/> is dropped
        /// (<see cref="NavPathOutcome.Stale"/>). In local mode a newer path is remembered but not walked.
        /// </summary>
        public NavPathOutcome OnNavPath(NavPathMessage m)
        {
            if (m.Seq <= NewestSeq)
            {
                return NavPathOutcome.Stale;
            }
            NewestSeq = m.Seq;
            CurrentPath = m;
            SpeedMetersPerSecond = m.SpeedMetersPerSecond;
            if (m.State != null)
            {
                SetState(m.State, m.Target);
            }
            if (Mode != MonsterMode.Local)
            {
                follower.SetPath(m.Points, m.SpeedMetersPerSecond);
                Mode = follower.Done ? MonsterMode.Arrived : MonsterMode.FollowingPath;
            }
            return NavPathOutcome.Accepted;
        }

        /// <summary>
        /// An authoritative position. Outside local mode, the difference to the shown position is eased in over the
        /// next frames (never a jump); in local mode the agent owns the position and the snapshot is only recorded.
        /// </summary>
        public void OnSnapshot(MonsterSnapshot s)
        {
            ServerPosition = s.Pos;
            if (s.State != ServerState)
            {
                bool chasing = s.State == MonsterStates.Chase || s.State == MonsterStates.Local;
                SetState(s.State, chasing ? Target : null);
            }
            if (Mode != MonsterMode.Local)
            {
                correction = new NavVector3(s.Pos.X - Position.X, 0, s.Pos.Z - Position.Z);
            }
        }

        /// <summary>
        /// <c>monster_enter</c>: records kind, body, speed, home, state and target. A monster entering again (after
        /// leaving the view) keeps walking where the client shows it; the <c>nav_path</c> that follows drives it.
        /// </summary>
        public void OnEnter(MonsterEnterMessage m)
        {
            Kind = m.Kind;
            RadiusMeters = m.RadiusMeters;
            SpeedMetersPerSecond = m.SpeedMetersPerSecond;
            Home = m.Home;
            ServerPosition = m.Pos;
            SetState(m.State, m.Target);
        }

        /// <summary><c>monster_state</c>: the new wire state and target (null unless chasing).</summary>
        public void OnState(MonsterStateMessage m)
        {
            SetState(m.State, m.Target);
        }

        private void SetState(string state, string target)
        {
            if (state == ServerState && target == Target)
            {
                return;
            }
            ServerState = state;
            Target = target;
            if (StateChanged != null)
            {
                StateChanged(this);
            }
        }

        /// <summary>
        /// <c>local_nav</c>. <c>active:true</c> activates the agent where the monster stands and sends it to the
        /// slot, or to <paramref name="playerPosition"/> when the message has none; a repeated <c>active:true</c>
        /// with a new slot re-targets it. <c>active:false</c> turns the agent off and waits for the fresh path that
        /// follows.
        /// </summary>
        public void OnLocalNav(LocalNavMessage m, NavVector3 playerPosition)
        {
            if (m.Active)
            {
                slot = m.Slot;
                if (Mode != MonsterMode.Local)
                {
                    Mode = MonsterMode.Local;
                    follower.Clear();
                    correction = default(NavVector3);
                    if (Agent != null)
                    {
                        Agent.Activate(Position);
                    }
                }
                lastDestination = slot.HasValue ? slot.Value : playerPosition;
                if (Agent != null)
                {
                    Agent.SetDestination(lastDestination);
                }
            }
            else if (Mode == MonsterMode.Local)
            {
                if (Agent != null)
                {
                    Position = Agent.Position;
                    Agent.Deactivate();
                }
                slot = null;
                Mode = MonsterMode.WaitingForPath;
            }
        }

        /// <summary>The local agent's current destination while in local mode.</summary>
        public NavVector3 LocalDestination { get { return lastDestination; } }

        /// <summary>
        /// Advances one frame of <paramref name="dtSeconds"/>: walks the path and eases in the pending correction,
        /// or, in local mode, reads the agent's position and re-targets it when the player moved.
        /// </summary>
        public void Tick(double dtSeconds, NavVector3 playerPosition)
        {
            if (dtSeconds <= 0)
            {
                return;
            }
            if (Mode == MonsterMode.Local)
            {
                if (Agent != null)
                {
                    Position = Agent.Position;
                    if (!slot.HasValue && NavVector3.DistanceXZ(playerPosition, lastDestination) >= RetargetMeters)
                    {
                        lastDestination = playerPosition;
                        Agent.SetDestination(lastDestination);
                    }
                }
                return;
            }
            NavVector3 p = Position;
            if (Mode == MonsterMode.FollowingPath)
            {
                p = follower.Advance(p, dtSeconds);
                if (follower.Done)
                {
                    Mode = MonsterMode.Arrived;
                }
            }
            double len = Math.Sqrt(correction.X * correction.X + correction.Z * correction.Z);
            if (len > 0)
            {
                double fraction = 1 - Math.Exp(-dtSeconds / CorrectionSeconds);
                double step = Math.Min(len * fraction, MaxCorrectionMetersPerSecond * dtSeconds);
                if (len - step < 1e-6)
                {
                    step = len;
                }
                NavVector3 delta = correction * (step / len);
                p = p + delta;
                correction = correction - delta;
            }
            Position = p;
        }
    }
}
