package dev.navserver.server.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViewHttpTest {
    private static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void bearerSubprotocol_AfterTheViewProtocol_YieldsTheDecodedToken() {
        assertThat(ViewHttp.bearerToken(List.of("navserver.view.v1, bearer." + b64("s3cr3t/+token?"))))
                .isEqualTo("s3cr3t/+token?");
    }

    @Test
    void bearerSubprotocol_WithPaddingOrInItsOwnHeader_IsAccepted() {
        String padded = Base64.getUrlEncoder().encodeToString("ab".getBytes(StandardCharsets.UTF_8));
        assertThat(ViewHttp.bearerToken(List.of("navserver.view.v1", "bearer." + padded))).isEqualTo("ab");
    }

    @Test
    void noBearerOrBrokenBase64_YieldsNull() {
        assertThat(ViewHttp.bearerToken(List.of())).isNull();
        assertThat(ViewHttp.bearerToken(List.of("navserver.view.v1"))).isNull();
        assertThat(ViewHttp.bearerToken(List.of("bearer.a*b"))).isNull();
        assertThat(ViewHttp.bearerToken(List.of("bearer."))).isNull();
    }

    @Test
    void contentTypes_FollowTheExtension() {
        assertThat(ViewHttp.contentType("index.html")).startsWith("text/html");
        assertThat(ViewHttp.contentType("viewer.js")).startsWith("text/javascript");
        assertThat(ViewHttp.contentType("viewer.css")).startsWith("text/css");
        assertThat(ViewHttp.contentType("blob.bin")).isEqualTo("application/octet-stream");
    }
}
