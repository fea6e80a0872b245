using System;
using System.IO;
using System.Text;
using UnityEditor;
using UnityEngine;
using UnityEngine.AI;

namespace NavServer.Client.Editor
{
    /// <summary>
    /// Window > NavServer > NavMesh Export: samples the open scene's baked NavMesh at the centre of every grid cell
    /// with <see cref="NavMesh.SamplePosition"/> and writes the NavExport layout file the server loads
    /// (<c>startpos</c> = centre of row 0, column 0; <c>height</c> = rows toward -z; <c>wide</c> = columns toward +x;
    /// <c>accuracy</c> = cell size). Shows a progress bar with a cancel button; a cancelled export writes nothing.
    /// </summary>
    public sealed class NavExportWindow : EditorWindow
    {
        [SerializeField] private Vector3 origin = new Vector3(-30f, 0f, 30f);
        [SerializeField] private float cellSize = 1f;
        [SerializeField] private int width = 60;
        [SerializeField] private int height = 60;
        [SerializeField] private float sampleDistance = 0.5f;
        [SerializeField] private string outputPath = "Assets/navexport.txt";

        [MenuItem("Window/NavServer/NavMesh Export")]
        public static void Open()
        {
            GetWindow<NavExportWindow>("NavMesh Export");
        }

        private void OnGUI()
        {
            EditorGUILayout.HelpBox("Cell (col, row) is sampled at x = origin.x + col * cell, z = origin.z - row * cell. "
                + "Put the server's copy in its maps/ folder; the map name is the file name.", MessageType.Info);
            origin = EditorGUILayout.Vector3Field("Origin (centre of cell 0,0)", origin);
            cellSize = EditorGUILayout.FloatField("Cell size (m)", cellSize);
            width = EditorGUILayout.IntField("Width (columns, +x)", width);
            height = EditorGUILayout.IntField("Height (rows, -z)", height);
            sampleDistance = EditorGUILayout.FloatField("Sample distance (m)", sampleDistance);
            outputPath = EditorGUILayout.TextField("Output file", outputPath);
            if (GUILayout.Button("Fit to baked NavMesh"))
            {
                FitToNavMesh();
            }
            if (GUILayout.Button("Export"))
            {
                Export();
            }
        }

        private void FitToNavMesh()
        {
            NavMeshTriangulation tri = NavMesh.CalculateTriangulation();
            if (tri.vertices == null || tri.vertices.Length == 0)
            {
                EditorUtility.DisplayDialog("NavMesh Export", "The scene has no baked NavMesh.", "OK");
                return;
            }
            Vector3 min = tri.vertices[0];
            Vector3 max = tri.vertices[0];
            for (int i = 1; i < tri.vertices.Length; i++)
            {
                Vector3 v = tri.vertices[i];
                min = Vector3.Min(min, v);
                max = Vector3.Max(max, v);
            }
            NavExportLayout fit = NavExportLayout.Covering(min.x, max.x, min.z, max.z, min.y, cellSize);
            origin = fit.Origin.ToVector3();
            width = fit.Width;
            height = fit.Height;
        }

        private void Export()
        {
            NavExportLayout layout;
            try
            {
                layout = new NavExportLayout(origin.ToNav(), cellSize, width, height);
            }
            catch (ArgumentException e)
            {
                EditorUtility.DisplayDialog("NavMesh Export", e.Message, "OK");
                return;
            }
            float maxDistance = sampleDistance;
            float halfCell = cellSize * 0.5f;
            ExportOutcome outcome;
            try
            {
                outcome = layout.Sample(
                    centre =>
                    {
                        NavMeshHit hit;
                        Vector3 p = centre.ToVector3();
                        if (!NavMesh.SamplePosition(p, out hit, maxDistance, NavMesh.AllAreas))
                        {
                            return false;
                        }
                        // the nearest NavMesh point must lie in this cell, not in a neighbour
                        return Mathf.Abs(hit.position.x - p.x) <= halfCell && Mathf.Abs(hit.position.z - p.z) <= halfCell;
                    },
                    (done, rows) => !EditorUtility.DisplayCancelableProgressBar("NavMesh Export",
                        "Sampling row " + (done + 1) + " of " + rows, (float)done / rows));
            }
            finally
            {
                EditorUtility.ClearProgressBar();
            }
            if (outcome == ExportOutcome.Cancelled)
            {
                Debug.Log("NavMesh export cancelled; nothing written.");
                return;
            }
            using (var writer = new StreamWriter(outputPath, false, new UTF8Encoding(false)))
            {
                layout.Write(writer);
            }
            AssetDatabase.Refresh();
            Debug.Log("NavMesh exported to " + outputPath + ": " + layout.Width + " x " + layout.Height + " cells, "
                + layout.CountWalkable() + " walkable.");
        }
    }
}
