package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Unity package's files as Unity reads them (no Mono needed): the manifest, a {@code .meta} with its own GUID for
 * every asset and folder Unity imports (a git package is immutable, so Unity ignores assets without one), and an
 * engine-free core assembly.
 */
class UnityPackageFilesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern GUID = Pattern.compile("(?m)^guid: ([0-9a-f]{32})$");
    private static final Path PACKAGE = TestServer.repoRoot().resolve("clients/unity");

    @Test
    void packageJson_NamesThePackageAUnityVersionAndTheNewtonsoftDependency() throws IOException {
        JsonNode p = JSON.readTree(PACKAGE.resolve("package.json").toFile());
        assertThat(p.path("name").asText()).isEqualTo("com.navserver.client");
        assertThat(p.path("unity").asText()).matches("20\\d\\d\\.\\d");
        assertThat(p.path("version").asText()).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(p.path("dependencies").has("com.unity.nuget.newtonsoft-json")).isTrue();
        assertThat(p.path("samples").get(0).path("path").asText()).isEqualTo("Samples~/Chase");
        assertThat(PACKAGE.resolve("Samples~/Chase/README.md")).isRegularFile();
    }

    @Test
    void everyImportedFileAndFolder_HasAMetaWithAUniqueGuid_AndNoMetaIsOrphaned() throws IOException {
        Map<String, Path> guids = new HashMap<>();
        List<Path> imported = new ArrayList<>();
        List<Path> metas = new ArrayList<>();
        try (Stream<Path> all = Files.walk(PACKAGE)) {
            all.filter(p -> !p.equals(PACKAGE))
                    .filter(p -> !PACKAGE.relativize(p).toString().matches("(^|.*/)[^/]*~(/.*)?|(^|.*/)\\..*"))
                    .forEach(p -> (p.toString().endsWith(".meta") ? metas : imported).add(p));
        }
        assertThat(imported).isNotEmpty();
        for (Path asset : imported) {
            Path meta = asset.resolveSibling(asset.getFileName() + ".meta");
            assertThat(meta).as("meta of %s", PACKAGE.relativize(asset)).isRegularFile();
            String text = Files.readString(meta);
            Matcher m = GUID.matcher(text);
            assertThat(m.find()).as("guid in %s", meta).isTrue();
            Path previous = guids.put(m.group(1), asset);
            assertThat(previous).as("guid of %s also used by %s", asset, previous).isNull();
            assertThat(text.contains("folderAsset: yes")).as("folder flag of %s", asset).isEqualTo(Files.isDirectory(asset));
        }
        for (Path meta : metas) {
            String name = meta.getFileName().toString();
            assertThat(meta.resolveSibling(name.substring(0, name.length() - ".meta".length())))
                    .as("asset of %s", meta).exists();
        }
    }

    @Test
    void coreAssembly_HasNoEngineReferences_AndNoCoreFileImportsAUnityNamespace() throws IOException {
        Path core = PACKAGE.resolve("Runtime/Core");
        JsonNode asmdef = JSON.readTree(core.resolve("NavServer.Client.Core.asmdef").toFile());
        assertThat(asmdef.path("noEngineReferences").asBoolean()).isTrue();
        assertThat(JSON.readTree(PACKAGE.resolve("Editor/NavServer.Client.Editor.asmdef").toFile())
                .path("includePlatforms").get(0).asText()).isEqualTo("Editor");
        try (Stream<Path> files = Files.list(core)) {
            for (Path cs : files.filter(p -> p.toString().endsWith(".cs")).toList()) {
                assertThat(Files.readString(cs)).as("%s", cs.getFileName())
                        .doesNotContainPattern("(?m)^\\s*using\\s+(static\\s+)?Unity");
            }
        }
    }
}
