package dev.navserver.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.Redirect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedirectMessageTest {
    @Test
    void redirect_IsWrittenInTheIssuesExactForm_AndReadBack() {
        Redirect r = new Redirect("m1", "127.0.0.1", 17002);
        String json = MessageWriter.toJson(r);

        assertThat(json).isEqualTo("{\"type\":\"redirect\",\"map\":\"m1\",\"host\":\"127.0.0.1\",\"port\":17002}");
        assertThat(MessageReader.FROM_SERVER.read(json)).isEqualTo(r);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "{\"type\":\"redirect\",\"map\":\"m1\",\"host\":\"h\",\"port\":0}|port: 0 is out of range",
        "{\"type\":\"redirect\",\"map\":\"m1\",\"host\":\"h\",\"port\":65536}|port: 65536 is out of range",
        "{\"type\":\"redirect\",\"map\":\"m1\",\"port\":7400}|host: required field missing",
        "{\"type\":\"redirect\",\"host\":\"h\",\"port\":7400}|map: required field missing"})
    void redirect_WithABadField_IsBadFieldNamingIt(String line, String messageStart) {
        FromServer m = MessageReader.FROM_SERVER.read(line);

        assertThat(m).isInstanceOf(ProtocolError.class);
        assertThat(((ProtocolError) m).code()).isEqualTo(ErrorCodes.BAD_FIELD);
        assertThat(((ProtocolError) m).message()).startsWith(messageStart);
    }
}
