using System;
using System.Collections.Generic;
using UnityEngine;

namespace NavServer.Client
{
    /// <summary>
    /// Creates a GameObject for every monster that comes into the client's view (<c>monster_enter</c>, or from a
    /// server without the shared world its first <c>nav_path</c> or snapshot) in the <see cref="MonsterRegistry"/>,
    /// and destroys it when the monster leaves (<c>monster_leave</c>: out of range or despawned; missing from two
    /// snapshots; or a new session started after a reconnect). The prefab is the one listed for the monster's kind
    /// in <see cref="kindPrefabs"/>, else <see cref="prefab"/>. Every monster in view gets one, whoever it chases.
    /// Main thread only.
    /// </summary>
    [AddComponentMenu("NavServer/Nav Monster Factory")]
    public sealed class NavMonsterFactory : MonoBehaviour
    {
        /// <summary>A prefab for the monsters of one kind (config <c>monsters.kinds.&lt;name&gt;</c>).</summary>
        [Serializable]
        public sealed class KindPrefab
        {
            [Tooltip("The kind's name as the server sends it in monster_enter, e.g. wolf.")]
            public string kind;
            [Tooltip("A prefab with a NavMonster (and so a NavMeshAgent).")]
            public NavMonster prefab;
        }

        [SerializeField] private NavServerClient client;
        [Tooltip("A prefab with a NavMonster (and so a NavMeshAgent), for kinds not listed below.")]
        [SerializeField] private NavMonster prefab;
        [Tooltip("Prefabs by monster kind; kinds not listed use the prefab above.")]
        [SerializeField] private KindPrefab[] kindPrefabs = new KindPrefab[0];
        [Tooltip("Parent of the spawned monsters; none for the scene root.")]
        [SerializeField] private Transform parent;

        private readonly Dictionary<string, NavMonster> spawned = new Dictionary<string, NavMonster>();

        /// <summary>A monster object was created and bound (its kind, state and target are set).</summary>
        public event Action<NavMonster> MonsterCreated;
        /// <summary>A monster is about to be destroyed; <c>Brain.LeaveReason</c> says why.</summary>
        public event Action<NavMonster> MonsterRemoved;

        /// <summary>The live monster objects by monster id. Do not modify.</summary>
        public IReadOnlyDictionary<string, NavMonster> Spawned { get { return spawned; } }

        private void OnEnable()
        {
            client.Monsters.MonsterAppeared += OnAppeared;
            client.Monsters.MonsterLeft += OnLeft;
        }

        private void OnDisable()
        {
            client.Monsters.MonsterAppeared -= OnAppeared;
            client.Monsters.MonsterLeft -= OnLeft;
        }

        /// <summary>The prefab for a kind: the listed one, else the default.</summary>
        public NavMonster PrefabFor(string kind)
        {
            if (kind != null && kindPrefabs != null)
            {
                foreach (KindPrefab k in kindPrefabs)
                {
                    if (k != null && k.prefab != null && k.kind == kind)
                    {
                        return k.prefab;
                    }
                }
            }
            return prefab;
        }

        private void OnAppeared(MonsterBrain brain)
        {
            NavMonster source = PrefabFor(brain.Kind);
            NavMonster m = Instantiate(source, brain.Position.ToVector3(), Quaternion.identity, parent);
            m.name = source.name + " " + brain.Id;
            m.Bind(brain);
            spawned[brain.Id] = m;
            if (MonsterCreated != null)
            {
                MonsterCreated(m);
            }
        }

        private void OnLeft(MonsterBrain brain)
        {
            NavMonster m;
            if (spawned.TryGetValue(brain.Id, out m))
            {
                spawned.Remove(brain.Id);
                if (m != null)
                {
                    if (MonsterRemoved != null)
                    {
                        MonsterRemoved(m);
                    }
                    Destroy(m.gameObject);
                }
            }
        }
    }
}
