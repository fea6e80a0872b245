using System.Collections.Generic;
using UnityEngine;

namespace NavServer.Client
{
    /// <summary>
    /// Creates a GameObject from <see cref="prefab"/> for every monster that appears in the client's
    /// <see cref="MonsterRegistry"/> and destroys it when the monster leaves (the server removed it, or a new session
    /// started after a reconnect).
    /// </summary>
    [AddComponentMenu("NavServer/Nav Monster Factory")]
    public sealed class NavMonsterFactory : MonoBehaviour
    {
        [SerializeField] private NavServerClient client;
        [Tooltip("A prefab with a NavMonster (and so a NavMeshAgent).")]
        [SerializeField] private NavMonster prefab;
        [Tooltip("Parent of the spawned monsters; none for the scene root.")]
        [SerializeField] private Transform parent;

        private readonly Dictionary<string, NavMonster> spawned = new Dictionary<string, NavMonster>();

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

        private void OnAppeared(MonsterBrain brain)
        {
            NavMonster m = Instantiate(prefab, brain.Position.ToVector3(), Quaternion.identity, parent);
            m.name = prefab.name + " " + brain.Id;
            m.Bind(brain);
            spawned[brain.Id] = m;
        }

        private void OnLeft(MonsterBrain brain)
        {
            NavMonster m;
            if (spawned.TryGetValue(brain.Id, out m))
            {
                spawned.Remove(brain.Id);
                if (m != null)
                {
                    Destroy(m.gameObject);
                }
            }
        }
    }
}
