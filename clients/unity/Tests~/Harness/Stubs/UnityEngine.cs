// Compile-only stand-ins for the few UnityEngine types the package's Runtime/ and Editor/ code uses, so that Mono's
// mcs can type-check those folders on a machine without Unity. Signatures follow the Unity scripting API; bodies do
// nothing useful. Never shipped: this folder sits under Tests~, which Unity does not import.
using System;

namespace UnityEngine
{
    public class Object
    {
        public string name { get; set; }

        public static T Instantiate<T>(T original, Vector3 position, Quaternion rotation, Transform parent) where T : Object
        {
            throw new NotSupportedException("compile-only stub");
        }

        public static void Destroy(Object obj)
        {
        }

        public static implicit operator bool(Object exists)
        {
            return !ReferenceEquals(exists, null);
        }
    }

    public class Component : Object
    {
        public Transform transform { get { return null; } }
        public GameObject gameObject { get { return null; } }

        public T GetComponent<T>()
        {
            return default(T);
        }
    }

    public class Behaviour : Component
    {
        public bool enabled { get; set; }
    }

    public class MonoBehaviour : Behaviour
    {
    }

    public sealed class GameObject : Object
    {
    }

    public class Transform : Component
    {
        public Vector3 position { get; set; }
        public Quaternion rotation { get; set; }
    }

    public struct Vector3
    {
        public float x;
        public float y;
        public float z;

        public Vector3(float x, float y, float z)
        {
            this.x = x;
            this.y = y;
            this.z = z;
        }

        public float sqrMagnitude { get { return x * x + y * y + z * z; } }

        public static Vector3 operator -(Vector3 a, Vector3 b)
        {
            return new Vector3(a.x - b.x, a.y - b.y, a.z - b.z);
        }

        public static Vector3 operator +(Vector3 a, Vector3 b)
        {
            return new Vector3(a.x + b.x, a.y + b.y, a.z + b.z);
        }

        public static Vector3 operator *(Vector3 a, float d)
        {
            return new Vector3(a.x * d, a.y * d, a.z * d);
        }

        public static Vector3 Min(Vector3 a, Vector3 b)
        {
            return new Vector3(Math.Min(a.x, b.x), Math.Min(a.y, b.y), Math.Min(a.z, b.z));
        }

        public static Vector3 Max(Vector3 a, Vector3 b)
        {
            return new Vector3(Math.Max(a.x, b.x), Math.Max(a.y, b.y), Math.Max(a.z, b.z));
        }
    }

    public struct Rect
    {
        public Rect(float x, float y, float width, float height)
        {
        }
    }

    public static class Input
    {
        public static float GetAxis(string axisName)
        {
            return 0f;
        }
    }

    public static class GUI
    {
        public static void Label(Rect position, string text)
        {
        }
    }

    public struct Quaternion
    {
        public static Quaternion identity { get { return new Quaternion(); } }

        public static Quaternion LookRotation(Vector3 forward)
        {
            return new Quaternion();
        }
    }

    public static class Time
    {
        public static float deltaTime { get { return 0f; } }
    }

    public static class Mathf
    {
        public static float Abs(float f)
        {
            return Math.Abs(f);
        }
    }

    public static class Debug
    {
        public static void Log(object message)
        {
        }

        public static void LogWarning(object message)
        {
        }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class SerializeField : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class HeaderAttribute : Attribute
    {
        public HeaderAttribute(string header)
        {
        }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class TooltipAttribute : Attribute
    {
        public TooltipAttribute(string tooltip)
        {
        }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class RangeAttribute : Attribute
    {
        public RangeAttribute(float min, float max)
        {
        }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
    public sealed class RequireComponent : Attribute
    {
        public RequireComponent(Type type)
        {
        }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class DisallowMultipleComponent : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class AddComponentMenu : Attribute
    {
        public AddComponentMenu(string menuName)
        {
        }
    }

    public sealed class GUIContent
    {
    }

    public static class GUILayout
    {
        public static bool Button(string text)
        {
            return false;
        }
    }
}

namespace UnityEngine.AI
{
    public sealed class NavMeshAgent : Behaviour
    {
        public float speed { get; set; }
        public bool isStopped { get; set; }

        public bool Warp(Vector3 newPosition)
        {
            return true;
        }

        public bool SetDestination(Vector3 target)
        {
            return true;
        }
    }

    public struct NavMeshHit
    {
        public Vector3 position { get; set; }
    }

    public struct NavMeshTriangulation
    {
        public Vector3[] vertices;
        public int[] indices;
    }

    public static class NavMesh
    {
        public const int AllAreas = -1;

        public static bool SamplePosition(Vector3 sourcePosition, out NavMeshHit hit, float maxDistance, int areaMask)
        {
            hit = new NavMeshHit();
            return false;
        }

        public static NavMeshTriangulation CalculateTriangulation()
        {
            return new NavMeshTriangulation();
        }
    }
}
