// Compile-only stand-ins for the UnityEditor API the package's Editor/ folder uses (see UnityEngine.cs).
using System;
using UnityEngine;

namespace UnityEditor
{
    public class EditorWindow : ScriptableObject
    {
        public static T GetWindow<T>(string title) where T : EditorWindow
        {
            return null;
        }
    }

    public class ScriptableObject : UnityEngine.Object
    {
    }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class MenuItem : Attribute
    {
        public MenuItem(string itemName)
        {
        }
    }

    public enum MessageType
    {
        None,
        Info,
        Warning,
        Error,
    }

    public static class EditorGUILayout
    {
        public static void HelpBox(string message, MessageType type)
        {
        }

        public static Vector3 Vector3Field(string label, Vector3 value)
        {
            return value;
        }

        public static float FloatField(string label, float value)
        {
            return value;
        }

        public static int IntField(string label, int value)
        {
            return value;
        }

        public static string TextField(string label, string text)
        {
            return text;
        }
    }

    public static class EditorUtility
    {
        public static bool DisplayCancelableProgressBar(string title, string info, float progress)
        {
            return false;
        }

        public static void ClearProgressBar()
        {
        }

        public static bool DisplayDialog(string title, string message, string ok)
        {
            return true;
        }
    }

    public static class AssetDatabase
    {
        public static void Refresh()
        {
        }
    }
}
