package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.navserver.server.config.ConfigLoader;
import dev.navserver.server.config.NavServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Docker files of the {@code monitoring} profile, read as the tools would read them (no Docker engine runs here):
 * compose services, profiles, pinned images, loopback-only ports and mounts that exist; Prometheus scraping
 * navserver's admin port at {@code /metrics}; Grafana's data source and dashboard provider agreeing with compose and
 * the dashboard; and the image binding admin to {@code 0.0.0.0} inside the container while the shipped file keeps
 * loopback.
 */
class MonitoringFilesTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path ROOT = TestServer.repoRoot();
    private static final Path DOCKER = ROOT.resolve("docker");

    private static JsonNode yaml(Path file) throws IOException {
        return YAML.readTree(Files.readString(file));
    }

    private static JsonNode compose() throws IOException {
        return yaml(DOCKER.resolve("compose.yaml"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** {@code host:container[:ro]} of a compose short-syntax volume whose container path is {@code target}. */
    private static String hostPathMountedAt(JsonNode service, String target) {
        for (JsonNode v : service.path("volumes")) {
            String[] parts = v.asText().split(":");
            if (parts.length >= 2 && parts[1].equals(target)) {
                return parts[0];
            }
        }
        throw new AssertionError("nothing mounted at " + target + " in " + service.path("volumes"));
    }

    @Test
    void compose_MonitoringServicesAreInTheMonitoringProfileWithPinnedImagesOnLoopbackPorts() throws IOException {
        JsonNode services = compose().path("services");
        for (String name : List.of("prometheus", "grafana")) {
            JsonNode s = services.path(name);
            assertThat(texts(s.path("profiles"))).as("profiles of %s", name).containsExactly("monitoring");
            assertThat(s.path("image").asText()).as("image of %s", name)
                    .matches("[a-z0-9./-]+:v?\\d+\\.\\d+\\.\\d+");
            assertThat(texts(s.path("ports"))).as("ports of %s", name).isNotEmpty()
                    .allSatisfy(p -> assertThat(p).startsWith("127.0.0.1:"));
        }
        assertThat(texts(services.path("prometheus").path("ports"))).containsExactly("127.0.0.1:9090:9090");
        assertThat(texts(services.path("grafana").path("ports"))).containsExactly("127.0.0.1:3000:3000");
        assertThat(services.path("navserver").has("profiles")).as("navserver runs in every profile").isFalse();
    }

    @Test
    void compose_OnlyTheGamePortIsPublishedBeyondTheHostsLoopback() throws IOException {
        List<String> open = new ArrayList<>();
        compose().path("services").fields().forEachRemaining(e -> texts(e.getValue().path("ports")).stream()
                .filter(p -> !p.startsWith("127.0.0.1:")).forEach(p -> open.add(e.getKey() + " " + p)));
        assertThat(open).containsExactly("navserver 7400:7400");
        assertThat(texts(compose().path("services").path("navserver").path("ports"))).contains("127.0.0.1:7401:7401");
    }

    @Test
    void compose_MountsOfTheMonitoringServicesExistInTheRepository() throws IOException {
        JsonNode services = compose().path("services");
        for (String name : List.of("prometheus", "grafana")) {
            for (JsonNode v : services.path(name).path("volumes")) {
                Path host = DOCKER.resolve(v.asText().split(":")[0]).normalize();
                assertThat(host).as("mount source of %s: %s", name, v.asText()).exists();
            }
        }
    }

    @Test
    void prometheus_ScrapesTheNavserverServiceOnTheAdminPortAtMetrics() throws Exception {
        JsonNode services = compose().path("services");
        Path file = DOCKER.resolve(hostPathMountedAt(services.path("prometheus"), "/etc/prometheus/prometheus.yml"));
        JsonNode prom = yaml(file);
        JsonNode jobs = prom.path("scrape_configs");
        assertThat(jobs.size()).isEqualTo(1);
        JsonNode job = jobs.get(0);
        assertThat(job.path("job_name").asText()).isEqualTo("navserver");
        assertThat(job.path("metrics_path").asText()).isEqualTo("/metrics");
        // the target is the compose service, on the admin port of the config compose mounts into it
        NavServerConfig shipped = ConfigLoader.load(ROOT.resolve("config/navserver.yaml"));
        assertThat(services.has("navserver")).isTrue();
        assertThat(texts(job.path("static_configs").get(0).path("targets")))
                .containsExactly("navserver:" + shipped.admin().port())
                .containsExactly("navserver:7401");
        assertThat(prom.path("global").path("scrape_interval").asText()).isEqualTo("5s");
    }

    @Test
    void grafana_DataSourceIsThePrometheusServiceAndTheProviderLoadsTheMountedDashboard() throws IOException {
        JsonNode grafana = compose().path("services").path("grafana");
        Path provisioning = DOCKER.resolve(hostPathMountedAt(grafana, "/etc/grafana/provisioning"));
        String dashboardsTarget = "/etc/grafana/dashboards";
        Path dashboards = DOCKER.resolve(hostPathMountedAt(grafana, dashboardsTarget)).normalize();

        JsonNode ds = yaml(provisioning.resolve("datasources/prometheus.yaml")).path("datasources");
        assertThat(ds.size()).isEqualTo(1);
        assertThat(ds.get(0).path("type").asText()).isEqualTo("prometheus");
        assertThat(ds.get(0).path("uid").asText()).isEqualTo(DashboardMetricsTest.DATASOURCE_UID);
        assertThat(ds.get(0).path("url").asText()).isEqualTo("http://prometheus:9090");
        assertThat(texts(compose().path("services").path("prometheus").path("ports")))
                .allSatisfy(p -> assertThat(p).endsWith(":9090"));

        JsonNode providers = yaml(provisioning.resolve("dashboards/navserver.yaml")).path("providers");
        assertThat(providers.size()).isEqualTo(1);
        assertThat(providers.get(0).path("options").path("path").asText()).isEqualTo(dashboardsTarget);
        assertThat(dashboards.resolve("navserver.json"))
                .isEqualTo(ROOT.resolve(DashboardMetricsTest.DASHBOARD).normalize());

        Map<String, Object> env = YAML.convertValue(grafana.path("environment"),
                YAML.getTypeFactory().constructMapType(Map.class, String.class, Object.class));
        assertThat(env).containsEntry("GF_AUTH_ANONYMOUS_ENABLED", "true")
                .containsEntry("GF_AUTH_ANONYMOUS_ORG_ROLE", "Viewer")
                .containsEntry("GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH", dashboardsTarget + "/navserver.json");
    }

    @Test
    void image_BindsAdminToAllInterfacesInsideTheContainerWhileTheShippedFileKeepsLoopback() throws Exception {
        String dockerfile = Files.readString(DOCKER.resolve("Dockerfile"));
        String entrypoint = dockerfile.lines().filter(l -> l.startsWith("ENTRYPOINT")).findFirst().orElseThrow();
        assertThat(entrypoint).contains("serve --config config/navserver.yaml --admin-host 0.0.0.0");
        // compose mounts ../config over the image's config/, so the fix must not live in the image's copy of it
        assertThat(texts(compose().path("services").path("navserver").path("volumes")))
                .contains("../config:/opt/navserver/config");
        assertThat(ConfigLoader.load(ROOT.resolve("config/navserver.yaml")).admin().host()).isEqualTo("127.0.0.1");
    }
}
