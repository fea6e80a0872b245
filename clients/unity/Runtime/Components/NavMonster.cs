using System;
using UnityEngine;
using UnityEngine.AI;

namespace NavServer.Client
{
    /// <summary>
    /// A server-driven monster: shows its <see cref="MonsterBrain"/> (walking the <c>nav_path</c> points at the
    /// path's <c>speedMetersPerSecond</c>, easing toward the server's snapshot positions, dropping stale paths) and
    /// is the brain's <see cref="ILocalAgent"/>: on <c>local_nav active:true</c> (only for monsters chasing this
    /// client's player) its <see cref="NavMeshAgent"/> is enabled and sent to the slot (or the player), on
    /// <c>active:false</c> it is disabled again. Monsters chasing someone else, or nobody, only walk their paths.
    /// <see cref="Kind"/>, <see cref="State"/> and <see cref="Target"/> mirror the server (<c>monster_enter</c>,
    /// <c>monster_state</c>); <see cref="StateChanged"/> fires when state or target change (drive animations from it).
    /// The logic lives in the brain; this component only moves the transform and drives the agent. Main thread only.
    /// </summary>
    [RequireComponent(typeof(NavMeshAgent))]
    [AddComponentMenu("NavServer/Nav Monster")]
    public sealed class NavMonster : MonoBehaviour, ILocalAgent
    {
        [Tooltip("Server corrections are eased in with this time constant, seconds.")]
        [SerializeField] private float correctionSeconds = 0.3f;
        [Tooltip("Corrections never move the monster faster than this on top of walking, m/s.")]
        [SerializeField] private float maxCorrectionMetersPerSecond = 4f;
        [Tooltip("Keep the transform's own height instead of the map's y (for uneven ground).")]
        [SerializeField] private bool keepOwnHeight = true;
        [Tooltip("Turn to face the walking direction.")]
        [SerializeField] private bool faceMovement = true;

        private NavMeshAgent agent;

        /// <summary>The state machine behind this monster (null until bound by the factory).</summary>
        public MonsterBrain Brain { get; private set; }

        /// <summary>The state or target changed (wire states: <see cref="MonsterStates"/>).</summary>
        public event Action<NavMonster> StateChanged;

        /// <summary>The monster's kind, e.g. <c>wolf</c>; null when the server did not say (an older server).</summary>
        public string Kind { get { return Brain == null ? null : Brain.Kind; } }

        /// <summary>The server's state (<see cref="MonsterStates"/>: <c>patrol</c>, <c>chase</c>...); null before the first.</summary>
        public string State { get { return Brain == null ? null : Brain.ServerState; } }

        /// <summary>The player it chases; null when it chases nobody.</summary>
        public string Target { get { return Brain == null ? null : Brain.Target; } }

        /// <summary>True while it chases this client's player (<paramref name="playerName"/> as sent in <c>hello</c>).</summary>
        public bool IsChasing(string playerName)
        {
            return Target != null && Target == playerName;
        }

        /// <summary>The speed of the path being walked, metres per second (0 before the first path).</summary>
        public float SpeedMetersPerSecond
        {
            get { return Brain == null ? 0f : (float)Brain.Follower.SpeedMetersPerSecond; }
        }

        private void Awake()
        {
            agent = GetComponent<NavMeshAgent>();
            agent.enabled = false; // the server drives until local_nav says otherwise
        }

        /// <summary>Connects this GameObject to a monster of the registry; called by <see cref="NavMonsterFactory"/>.</summary>
        public void Bind(MonsterBrain brain)
        {
            Brain = brain;
            brain.Agent = this;
            brain.StateChanged += OnBrainStateChanged;
            brain.CorrectionSeconds = correctionSeconds;
            brain.MaxCorrectionMetersPerSecond = maxCorrectionMetersPerSecond;
            transform.position = Place(brain.Position);
        }

        private void OnBrainStateChanged(MonsterBrain brain)
        {
            if (StateChanged != null)
            {
                StateChanged(this);
            }
        }

        private void OnDestroy()
        {
            if (Brain != null)
            {
                Brain.StateChanged -= OnBrainStateChanged;
            }
        }

        private void LateUpdate()
        {
            if (Brain == null || Brain.Mode == MonsterMode.Local)
            {
                return; // in local mode the NavMeshAgent moves the transform
            }
            Vector3 next = Place(Brain.Position);
            Vector3 step = next - transform.position;
            step.y = 0;
            if (faceMovement && step.sqrMagnitude > 1e-6f)
            {
                transform.rotation = Quaternion.LookRotation(step);
            }
            transform.position = next;
        }

        private Vector3 Place(NavVector3 p)
        {
            Vector3 v = p.ToVector3();
            if (keepOwnHeight)
            {
                v.y = transform.position.y;
            }
            return v;
        }

        void ILocalAgent.Activate(NavVector3 position)
        {
            agent.enabled = true;
            agent.Warp(Place(position));
            float speed = SpeedMetersPerSecond;
            if (speed > 0)
            {
                agent.speed = speed;
            }
            agent.isStopped = false;
        }

        void ILocalAgent.SetDestination(NavVector3 destination)
        {
            if (agent.enabled)
            {
                agent.SetDestination(destination.ToVector3());
            }
        }

        void ILocalAgent.Deactivate()
        {
            if (agent != null)
            {
                agent.enabled = false;
            }
        }

        NavVector3 ILocalAgent.Position
        {
            get { return transform.position.ToNav(); }
        }
    }
}
