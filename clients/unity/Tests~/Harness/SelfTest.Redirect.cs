namespace NavServer.Client.Harness
{
    /// <summary>
    /// Offline checks of the cluster's answers (issue 27): parsing <c>redirect</c> in its exact wire form and rejecting
    /// a bad port, and <see cref="RedirectPolicy"/>'s choices and bounds.
    /// </summary>
    internal static partial class SelfTest
    {
        private static RedirectMessage To(string host, int port)
        {
            return new RedirectMessage("m1", host, port);
        }

        private static void Redirects()
        {
            var r = Parsed<RedirectMessage>("{\"type\":\"redirect\",\"map\":\"m1\",\"host\":\"127.0.0.1\",\"port\":17002}");
            if (r != null)
            {
                Check(r.Map == "m1" && r.Host == "127.0.0.1" && r.Port == 17002, "redirect fields");
            }
            Rejected("{\"type\":\"redirect\",\"map\":\"m1\",\"host\":\"h\",\"port\":0}", "port");
            Rejected("{\"type\":\"redirect\",\"map\":\"m1\",\"host\":\"h\",\"port\":65536}", "port");
            Rejected("{\"type\":\"redirect\",\"map\":\"m1\",\"port\":7400}", "host");

            // a redirect is followed at once; five in a row are, the sixth gives up; a welcome resets the count
            var p = new RedirectPolicy("directory", 7400, 5, 30);
            bool followed = true;
            for (int i = 1; i <= 5; i++)
            {
                p.Connected();
                p.Redirected(To("node-" + i, 7400 + i));
                followed &= p.AfterClose(i, 0.5) == RedirectPolicy.Next.Redirect && p.Host == "node-" + i
                    && p.Port == 7400 + i;
            }
            Check(followed, "five redirects in a row are followed to the named nodes");
            p.Connected();
            p.Redirected(To("node-6", 7406));
            Check(p.AfterClose(6, 0.5) == RedirectPolicy.Next.GiveUp
                && p.Problem == "more than 5 redirects in a row without a welcome (the last to node-6:7406)",
                "the sixth redirect in a row gives up: " + p.Problem);
            var q = new RedirectPolicy("directory", 7400, 5, 30);
            for (int i = 1; i <= 5; i++)
            {
                q.Connected();
                q.Redirected(To("node-a", 7401));
                q.AfterClose(i, 0.5);
            }
            q.Welcomed();
            q.Connected();
            q.Redirected(To("node-b", 7402));
            Check(q.AfterClose(10, 0.5) == RedirectPolicy.Next.Redirect, "a welcome resets the redirect count");

            // map_unavailable retries the same node with the backoff until 30 s have passed since the first refusal
            var u = new RedirectPolicy("directory", 7400, 5, 30);
            u.Connected();
            u.Redirected(To("node-b", 7402));
            u.AfterClose(0, 0.5);
            u.Connected();
            u.Unavailable();
            Check(u.AfterClose(1, 0.5) == RedirectPolicy.Next.Retry && u.Host == "node-b" && u.MapUnavailable,
                "map_unavailable retries the same node");
            u.Connected();
            u.Unavailable();
            Check(u.AfterClose(20, 10) == RedirectPolicy.Next.Retry, "still retrying 29 s after the first refusal");
            u.Connected();
            u.Unavailable();
            Check(u.AfterClose(25, 10) == RedirectPolicy.Next.GiveUp && u.Problem.StartsWith("map unavailable for 30 s"),
                "gives up past 30 s: " + u.Problem);

            // any other loss goes back to the configured address, which names the map's owner now
            var l = new RedirectPolicy("directory", 7400, 5, 30);
            l.Connected();
            l.Redirected(To("node-b", 7402));
            l.AfterClose(0, 0.5);
            l.Welcomed();
            l.Connected();
            Check(l.AfterClose(5, 0.5) == RedirectPolicy.Next.Retry && l.Host == "directory" && l.Port == 7400,
                "a lost session goes back to the configured address");
        }
    }
}
