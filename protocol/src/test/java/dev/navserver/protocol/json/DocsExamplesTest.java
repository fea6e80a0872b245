package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.Message;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.ServerMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every JSON example in docs/protocol.md is exactly what the module reads and writes. */
class DocsExamplesTest {
    private static final Path DOC = Path.of("..", "docs", "protocol.md");

    private static List<String> docLines() throws IOException {
        return Files.readAllLines(DOC, StandardCharsets.UTF_8);
    }

    /** The message a line decodes to in either direction, or {@code null} when neither accepts it. */
    private static Message decodeEither(String json) {
        FromClient c = MessageReader.FROM_CLIENT.read(json);
        if (c instanceof ClientMessage) {
            return (ClientMessage) c;
        }
        FromServer s = MessageReader.FROM_SERVER.read(json);
        return s instanceof ServerMessage ? (ServerMessage) s : null;
    }

    @Test
    void everyJsonExampleLine_RoundTripsExactly() throws IOException {
        List<String> examples = new ArrayList<>();
        for (String line : docLines()) {
            String json = line.startsWith("C: ") || line.startsWith("S: ") ? line.substring(3) : line;
            if (json.startsWith("{\"type\"")) {
                examples.add(json);
            }
        }
        assertThat(examples).hasSizeGreaterThan(20);

        for (String json : examples) {
            Message message = decodeEither(json);
            if (message == null) {
                continue; // a deliberately bad request, checked by the session test below
            }
            assertThat(MessageWriter.toJson(message)).as("doc example").isEqualTo(json);
        }
    }

    @Test
    void exampleSession_ClientLinesDecode_AndTheBadOneGetsTheDocumentedError() throws IOException {
        List<String> lines = docLines();
        int badRequests = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("C: ")) {
                FromClient decoded = MessageReader.FROM_CLIENT.read(line.substring(3));
                if (decoded instanceof ProtocolError) {
                    badRequests++;
                    assertThat(lines.get(i + 1))
                            .isEqualTo("S: " + MessageWriter.toJson(((ProtocolError) decoded).toMessage()));
                }
            } else if (line.startsWith("S: ")) {
                assertThat(MessageReader.FROM_SERVER.read(line.substring(3))).isInstanceOf(ServerMessage.class);
            }
        }
        assertThat(badRequests).isEqualTo(1);
    }
}
