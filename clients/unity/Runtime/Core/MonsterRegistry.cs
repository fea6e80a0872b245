using System;
using System.Collections.Generic;

namespace NavServer.Client
{
    /// <summary>
    /// The monsters in one session's view, keyed by id: creates a <see cref="MonsterBrain"/> when a monster comes
    /// into view (<c>monster_enter</c>; from a server without the shared world, its first <c>nav_path</c> or
    /// <c>monsters</c> entry), routes every message to it, and removes it on <c>monster_leave</c>, when it is missing
    /// from two <c>monsters</c> snapshots in a row, or when a new session starts (a reconnected server numbers
    /// monsters and seqs afresh, so nothing of the old session may survive). Monsters chasing another player, or
    /// nobody, are driven by their <c>nav_path</c>s and snapshots like this player's chasers; <c>local_nav</c> only
    /// ever names this player's chasers. Raises <see cref="MonsterAppeared"/> / <see cref="MonsterLeft"/> so a factory
    /// can create and destroy GameObjects. Main thread only.
    /// </summary>
    public sealed class MonsterRegistry
    {
        private readonly Dictionary<string, MonsterBrain> brains = new Dictionary<string, MonsterBrain>();
        private readonly Dictionary<string, int> missed = new Dictionary<string, int>();
        private readonly HashSet<string> inSnapshot = new HashSet<string>();
        private readonly List<string> scratch = new List<string>();
        private NavVector3 playerPosition;

        /// <summary>A monster appeared; set its <see cref="MonsterBrain.Agent"/> here.</summary>
        public event Action<MonsterBrain> MonsterAppeared;
        /// <summary>A monster left; <see cref="MonsterBrain.LeaveReason"/> says why.</summary>
        public event Action<MonsterBrain> MonsterLeft;
        /// <summary>A monster's <see cref="MonsterBrain.ServerState"/> or <see cref="MonsterBrain.Target"/> changed.</summary>
        public event Action<MonsterBrain> MonsterStateChanged;
        /// <summary>A <c>nav_path</c> was dropped because its seq was not newer than the newest of its monster.</summary>
        public event Action<NavPathMessage> StaleNavPathDropped;

        /// <summary>Paths dropped as stale since creation.</summary>
        public int StaleNavPathsDropped { get; private set; }
        /// <summary><c>local_nav active:true</c> messages that handed a monster to its agent.</summary>
        public int Handoffs { get; private set; }
        /// <summary><c>local_nav active:false</c> messages that took a monster back.</summary>
        public int Handbacks { get; private set; }
        /// <summary>
        /// Monsters taken back from local navigation without <c>local_nav active:false</c>, because the server said
        /// they chase someone else now or do something other than chasing (see <see cref="OnWorldMessage"/>).
        /// </summary>
        public int ImpliedHandbacks { get; private set; }

        /// <summary>This session's player name (from <c>welcome</c>; set it yourself when not attached); null when unknown.</summary>
        public string PlayerName { get; set; }

        /// <summary>The live monsters by id. Do not modify.</summary>
        public IReadOnlyDictionary<string, MonsterBrain> Monsters { get { return brains; } }

        /// <summary>The player's position, used as the local agent's destination when <c>local_nav</c> has no slot.</summary>
        public NavVector3 PlayerPosition
        {
            get { return playerPosition; }
            set { playerPosition = value; }
        }

        /// <summary>Subscribes to a connection's events; call once, on the main thread.</summary>
        public void Attach(NavConnection connection)
        {
            connection.WelcomeReceived += m =>
            {
                Clear();
                PlayerName = m.Player;
            };
            connection.NavPathReceived += OnNavPath;
            connection.LocalNavReceived += OnLocalNav;
            connection.MonstersReceived += OnMonsters;
            connection.MessageReceived += OnWorldMessage;
        }

        /// <summary>
        /// Routes <c>monster_enter</c>, <c>monster_leave</c> and <c>monster_state</c>; ignores other messages. A monster
        /// in local mode whose state says it no longer chases this player (another <c>target</c>, or a state other than
        /// <c>chase</c> / <c>local</c>) is handed back at once, as a <c>local_nav active:false</c> would.
        /// </summary>
        public void OnWorldMessage(ServerMessage m)
        {
            switch (m.Type)
            {
                case MonsterEnterMessage.WireType:
                    OnMonsterEnter((MonsterEnterMessage)m);
                    return;
                case MonsterLeaveMessage.WireType:
                    OnMonsterLeave((MonsterLeaveMessage)m);
                    return;
                case MonsterStateMessage.WireType:
                    MonsterStateMessage st = (MonsterStateMessage)m;
                    MonsterBrain b = Find(st.Monster);
                    if (b != null)
                    {
                        b.OnState(st);
                    }
                    return;
            }
        }

        /// <summary>
        /// <c>monster_enter</c>: a new monster gets its kind, body, state and target before
        /// <see cref="MonsterAppeared"/> is raised (so a factory can pick a prefab by kind); a known one is updated.
        /// </summary>
        public void OnMonsterEnter(MonsterEnterMessage m)
        {
            MonsterBrain b = Find(m.Monster);
            if (b != null)
            {
                b.OnEnter(m);
                return;
            }
            b = Create(m.Monster, m.Pos);
            b.OnEnter(m);
            Announce(b);
        }

        /// <summary><c>monster_leave</c>: removes the monster, with the message's reason.</summary>
        public void OnMonsterLeave(MonsterLeaveMessage m)
        {
            if (brains.ContainsKey(m.Monster))
            {
                Remove(m.Monster, m.Reason);
            }
        }

        /// <summary>The brain for a monster id, or null.</summary>
        public MonsterBrain Find(string id)
        {
            MonsterBrain b;
            return brains.TryGetValue(id, out b) ? b : null;
        }

        public void OnNavPath(NavPathMessage m)
        {
            NavVector3 start = m.Points.Count > 0 ? m.Points[0] : playerPosition;
            MonsterBrain b = GetOrAdd(m.Monster, start);
            if (b.OnNavPath(m) == NavPathOutcome.Stale)
            {
                StaleNavPathsDropped++;
                if (StaleNavPathDropped != null)
                {
                    StaleNavPathDropped(m);
                }
            }
        }

        public void OnLocalNav(LocalNavMessage m)
        {
            MonsterBrain b = Find(m.Monster);
            if (b == null)
            {
                return; // a monster never announced: nothing to drive; its next nav_path or snapshot adds it
            }
            bool wasLocal = b.Mode == MonsterMode.Local;
            b.OnLocalNav(m, playerPosition);
            if (m.Active && !wasLocal)
            {
                Handoffs++;
            }
            else if (!m.Active && wasLocal)
            {
                Handbacks++;
            }
        }

        public void OnMonsters(MonstersMessage m)
        {
            inSnapshot.Clear();
            for (int i = 0; i < m.List.Count; i++)
            {
                MonsterSnapshot s = m.List[i];
                inSnapshot.Add(s.Monster);
                GetOrAdd(s.Monster, s.Pos).OnSnapshot(s);
                missed[s.Monster] = 0;
            }
            scratch.Clear();
            foreach (KeyValuePair<string, MonsterBrain> e in brains)
            {
                if (!inSnapshot.Contains(e.Key))
                {
                    int n = missed[e.Key] + 1;
                    missed[e.Key] = n;
                    if (n >= 2)
                    {
                        scratch.Add(e.Key);
                    }
                }
            }
            for (int i = 0; i < scratch.Count; i++)
            {
                Remove(scratch[i], MonsterBrain.LeaveMissingFromSnapshots);
            }
        }

        /// <summary>Advances every monster by one frame; <paramref name="dtSeconds"/> is the frame time.</summary>
        public void Tick(double dtSeconds)
        {
            foreach (MonsterBrain b in brains.Values)
            {
                b.Tick(dtSeconds, playerPosition);
            }
        }

        /// <summary>Removes every monster (raising <see cref="MonsterLeft"/> for each).</summary>
        public void Clear()
        {
            scratch.Clear();
            foreach (string id in brains.Keys)
            {
                scratch.Add(id);
            }
            for (int i = 0; i < scratch.Count; i++)
            {
                Remove(scratch[i], MonsterBrain.LeaveSessionEnded);
            }
        }

        private MonsterBrain GetOrAdd(string id, NavVector3 position)
        {
            MonsterBrain b;
            if (brains.TryGetValue(id, out b))
            {
                return b;
            }
            b = Create(id, position);
            Announce(b);
            return b;
        }

        private MonsterBrain Create(string id, NavVector3 position)
        {
            var b = new MonsterBrain(id, position);
            brains.Add(id, b);
            missed[id] = 0;
            return b;
        }

        private void Announce(MonsterBrain b)
        {
            b.StateChanged += OnBrainStateChanged; // after the announcing message's own state: entering is no change
            if (MonsterAppeared != null)
            {
                MonsterAppeared(b);
            }
        }

        private void OnBrainStateChanged(MonsterBrain b)
        {
            if (b.Mode == MonsterMode.Local && NoLongerChasesMe(b))
            {
                b.OnLocalNav(new LocalNavMessage(b.Id, false, null), playerPosition);
                ImpliedHandbacks++;
            }
            if (MonsterStateChanged != null)
            {
                MonsterStateChanged(b);
            }
        }

        private bool NoLongerChasesMe(MonsterBrain b)
        {
            if (b.Target != null && PlayerName != null && b.Target != PlayerName)
            {
                return true;
            }
            return b.ServerState != null && b.ServerState != MonsterStates.Chase && b.ServerState != MonsterStates.Local;
        }

        private void Remove(string id, string reason)
        {
            MonsterBrain b = brains[id];
            brains.Remove(id);
            missed.Remove(id);
            b.StateChanged -= OnBrainStateChanged;
            b.LeaveReason = reason;
            if (b.Mode == MonsterMode.Local && b.Agent != null)
            {
                b.Agent.Deactivate();
            }
            if (MonsterLeft != null)
            {
                MonsterLeft(b);
            }
        }
    }
}
