using UnityEngine;

namespace NavServer.Client.Samples
{
    /// <summary>Shows the connection state, ping round trip and what the monsters in view are doing (kind, state, target).</summary>
    public sealed class ChaseHud : MonoBehaviour
    {
        [SerializeField] private NavServerClient client;

        private void OnGUI()
        {
            NavConnection c = client.Connection;
            if (c == null)
            {
                return;
            }
            string rtt = double.IsNaN(c.LastRoundTripSeconds) ? "-" : (c.LastRoundTripSeconds * 1000).ToString("0.0") + " ms";
            GUI.Label(new Rect(10, 10, 600, 20), "navserver: " + c.State + "  rtt " + rtt + "  reconnects " + c.Reconnects);
            int y = 30;
            foreach (MonsterBrain m in client.Monsters.Monsters.Values)
            {
                string who = m.Target == null ? "" : " -> " + m.Target;
                GUI.Label(new Rect(10, y, 600, 20), m.Id + " " + (m.Kind ?? "?") + ": " + m.Mode + " (server: "
                    + m.ServerState + who + ", seq " + m.NewestSeq + ")");
                y += 20;
            }
        }
    }
}
