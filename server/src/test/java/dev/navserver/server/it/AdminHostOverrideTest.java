package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.server.NavServer;
import dev.navserver.server.config.ConfigOverrides;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --admin-host}: the admin listener binds the command line's address, not the file's {@code admin.host}
 * (what the Docker image relies on to make admin reachable from outside the container's own loopback). Uses a second
 * loopback address, 127.0.0.2, so the test binds nothing beyond loopback.
 */
class AdminHostOverrideTest {
    @TempDir
    Path tmp;

    @Test
    void adminHostOverride_AdminAnswersOnTheOverriddenAddressAndNotOnTheFilesAddress() throws Exception {
        Path config = Files.createDirectories(tmp.resolve("config")).resolve("navserver.yaml");
        Files.writeString(config, TestServer.yaml(TestServer.repoRoot().resolve("maps"),
                Map.of("admin.host", "127.0.0.1")));
        try (NavServer server = new NavServer(config, new ConfigOverrides("127.0.0.2"))) {
            server.start();
            int port = server.adminPort();

            assertThat(httpGetStatusLine("127.0.0.2", port, "/health")).isEqualTo("HTTP/1.1 200 OK");
            assertThatThrownBy(() -> httpGetStatusLine("127.0.0.1", port, "/health"))
                    .isInstanceOf(ConnectException.class);
            assertThat(server.reloader().current().admin().host()).isEqualTo("127.0.0.2");
        }
    }

    /** The status line of a plain HTTP/1.1 GET over a real socket. */
    private static String httpGetStatusLine(String host, int port, String path) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 5000);
            s.setSoTimeout(5000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            return response.substring(0, response.indexOf("\r\n"));
        }
    }
}
