using UnityEngine;

namespace NavServer.Client.Samples
{
    /// <summary>Moves the player with WASD / arrow keys on the XZ plane; navserver hears it as player_pos.</summary>
    public sealed class ChasePlayerMover : MonoBehaviour
    {
        [SerializeField] private float speedMetersPerSecond = 3f;

        private void Update()
        {
            Vector3 input = new Vector3(Input.GetAxis("Horizontal"), 0f, Input.GetAxis("Vertical"));
            transform.position = transform.position + input * (speedMetersPerSecond * Time.deltaTime);
        }
    }
}
