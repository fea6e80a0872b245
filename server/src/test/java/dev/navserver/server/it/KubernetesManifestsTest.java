package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.navserver.server.cluster.agones.AgonesNode;
import dev.navserver.server.cluster.agones.AgonesSdk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes manifests under {@code docker/kubernetes/}, read as kubectl and Agones would read them (no cluster
 * runs here): every file listed by the kustomization, and the references between the resources agreeing: names,
 * labels and selectors, named ports, the env the config templates need, ConfigMap keys and mount paths, the Agones
 * SDK port and List, the etcd members' DNS names in {@code cluster.etcd}, and the image the Dockerfile builds.
 */
class KubernetesManifestsTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path ROOT = TestServer.repoRoot();
    private static final Path DIR = ROOT.resolve("docker/kubernetes");
    private static final String NAMESPACE = "navserver";
    private static final Set<String> CLUSTER_KEYS = Set.of("etcd", "nodeId", "advertiseHost", "leaseSeconds",
            "maxMaps", "snapshotDir", "drainSeconds", "agones");
    private static final Pattern PLACEHOLDER = Pattern.compile("@([A-Z_]+)@");

    private static List<JsonNode> all() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode file : YAML.readTree(Files.readString(DIR.resolve("kustomization.yaml"))).path("resources")) {
            try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class)
                    .readValues(Files.readString(DIR.resolve(file.asText())))) {
                it.readAll().stream().filter(d -> d != null && !d.isNull() && !d.isEmpty()).forEach(out::add);
            }
        }
        return out;
    }

    private static JsonNode one(String kind, String name) throws IOException {
        List<JsonNode> found = all().stream().filter(d -> d.path("kind").asText().equals(kind)
                && d.path("metadata").path("name").asText().equals(name)).toList();
        assertThat(found).as("%s %s", kind, name).hasSize(1);
        return found.get(0);
    }

    private static JsonNode onlyContainer(JsonNode podSpec) {
        assertThat(podSpec.path("containers")).hasSize(1);
        return podSpec.path("containers").get(0);
    }

    private static JsonNode namedPort(JsonNode container, String name) {
        for (JsonNode p : container.path("ports")) {
            if (p.path("name").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no port named " + name + " in " + container.path("ports"));
    }

    private static Set<String> envNames(JsonNode container) {
        Set<String> names = new TreeSet<>();
        container.path("env").forEach(e -> names.add(e.path("name").asText()));
        return names;
    }

    private static String mountPath(JsonNode container, String volume) {
        for (JsonNode m : container.path("volumeMounts")) {
            if (m.path("name").asText().equals(volume)) {
                return m.path("mountPath").asText();
            }
        }
        throw new AssertionError("volume " + volume + " not mounted in " + container.path("name"));
    }

    private static JsonNode volume(JsonNode podSpec, String name) {
        for (JsonNode v : podSpec.path("volumes")) {
            if (v.path("name").asText().equals(name)) {
                return v;
            }
        }
        throw new AssertionError("no volume " + name);
    }

    private static String shell(JsonNode container) {
        assertThat(container.path("command").toString()).isEqualTo("[\"sh\",\"-c\"]");
        return container.path("args").get(0).asText();
    }

    /** Dotted paths of every scalar or list under {@code node}. */
    private static Set<String> keyPaths(JsonNode node, String prefix, Set<String> out) {
        node.fields().forEachRemaining(e -> {
            String p = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
            if (e.getValue().isObject()) {
                keyPaths(e.getValue(), p, out);
            } else {
                out.add(p);
            }
        });
        return out;
    }

    /**
     * Checks that {@code container} renders ConfigMap key {@code key} the way the config says and returns the
     * config as parsed.
     */
    private static JsonNode renderedConfig(JsonNode podSpec, JsonNode container, String key, String command)
            throws IOException {
        JsonNode configMap = one("ConfigMap", "navserver-config");
        assertThat(volume(podSpec, "config").path("configMap").path("name").asText()).isEqualTo("navserver-config");
        String text = configMap.path("data").path(key).asText();
        assertThat(text).as("ConfigMap key %s", key).isNotEmpty();
        String sh = shell(container);
        assertThat(sh).contains(" " + mountPath(container, "config") + "/" + key + " > "
                + mountPath(container, "run") + "/navserver.yaml && exec java ");
        assertThat(sh).contains("-jar lib/navserver.jar " + command + " --config " + mountPath(container, "run")
                + "/navserver.yaml");
        Matcher m = PLACEHOLDER.matcher(text);
        Set<String> used = new LinkedHashSet<>();
        while (m.find()) {
            used.add(m.group(1));
        }
        for (String var : used) {
            assertThat(envNames(container)).as("env of %s", container.path("name")).contains(var);
            assertThat(sh).contains("s/@" + var + "@/$" + var + "/g");
        }
        JsonNode config = YAML.readTree(PLACEHOLDER.matcher(text).replaceAll("x-$1"));
        JsonNode shipped = YAML.readTree(Files.readString(ROOT.resolve("config/navserver.yaml")));
        Set<String> known = keyPaths(shipped, "", new TreeSet<>());
        for (String path : keyPaths(config, "", new TreeSet<>())) {
            if (path.startsWith("cluster.")) {
                assertThat(CLUSTER_KEYS).as("%s in %s", path, key).contains(path.substring(8));
                if (shipped.has("cluster")) {
                    assertThat(known).as("%s in %s is a key of config/navserver.yaml", path, key).contains(path);
                }
            } else {
                assertThat(known).as("%s in %s is a key of config/navserver.yaml", path, key).contains(path);
            }
        }
        return config;
    }

    @Test
    void everyFile_IsInTheKustomization_AndEveryResourceIsInTheNavserverNamespace() throws IOException {
        List<String> listed = new ArrayList<>();
        YAML.readTree(Files.readString(DIR.resolve("kustomization.yaml"))).path("resources")
                .forEach(r -> listed.add(r.asText()));
        try (Stream<Path> files = Files.list(DIR)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> !n.equals("kustomization.yaml")))
                    .containsExactlyInAnyOrderElementsOf(listed);
        }
        for (JsonNode d : all()) {
            assertThat(d.path("apiVersion").asText()).as("apiVersion of %s", d.path("metadata")).isNotEmpty();
            if (!d.path("kind").asText().equals("Namespace")) {
                assertThat(d.path("metadata").path("namespace").asText()).as("%s %s", d.path("kind"),
                        d.path("metadata").path("name")).isEqualTo(NAMESPACE);
            }
        }
        assertThat(one("Namespace", NAMESPACE).path("apiVersion").asText()).isEqualTo("v1");
    }

    @Test
    void etcd_ThreeMembersBehindAHeadlessService_WhoseDnsNamesFormTheInitialCluster() throws IOException {
        JsonNode svc = one("Service", "etcd");
        JsonNode sts = one("StatefulSet", "etcd");
        assertThat(svc.path("spec").path("clusterIP").asText()).isEqualTo("None");
        assertThat(svc.path("spec").path("publishNotReadyAddresses").asBoolean()).isTrue();
        assertThat(sts.path("spec").path("serviceName").asText()).isEqualTo("etcd");
        assertThat(sts.path("spec").path("replicas").asInt()).isEqualTo(3);
        assertThat(sts.path("spec").path("selector").path("matchLabels"))
                .isEqualTo(svc.path("spec").path("selector"))
                .isEqualTo(sts.path("spec").path("template").path("metadata").path("labels"));
        JsonNode etcd = onlyContainer(sts.path("spec").path("template").path("spec"));
        assertThat(etcd.path("image").asText()).matches("quay\\.io/coreos/etcd:v3\\.\\d+\\.\\d+");
        for (JsonNode p : svc.path("spec").path("ports")) {
            assertThat(namedPort(etcd, p.path("targetPort").asText()).path("containerPort").asInt())
                    .isEqualTo(p.path("port").asInt());
        }
        assertThat(etcd.path("env").get(0).path("valueFrom").path("fieldRef").path("fieldPath").asText())
                .isEqualTo("metadata.name");
        List<String> args = new ArrayList<>();
        etcd.path("args").forEach(a -> args.add(a.asText()));
        String dns = "." + "etcd" + "." + NAMESPACE + ".svc.cluster.local:";
        int peer = namedPort(etcd, "peer").path("containerPort").asInt();
        int client = namedPort(etcd, "client").path("containerPort").asInt();
        assertThat(args).contains("--name=$(POD_NAME)",
                "--initial-advertise-peer-urls=http://$(POD_NAME)" + dns + peer,
                "--advertise-client-urls=http://$(POD_NAME)" + dns + client,
                "--listen-peer-urls=http://0.0.0.0:" + peer, "--listen-client-urls=http://0.0.0.0:" + client,
                "--initial-cluster-state=new",
                "--initial-cluster=etcd-0=http://etcd-0" + dns + peer + ",etcd-1=http://etcd-1" + dns + peer
                        + ",etcd-2=http://etcd-2" + dns + peer);
    }

    @Test
    void fleet_GameServersRenderTheNodeConfig_WithTheEtcdMembers_TheSdkPortAndTheMapsList() throws IOException {
        JsonNode fleet = one("Fleet", "navserver-node");
        assertThat(fleet.path("apiVersion").asText()).isEqualTo("agones.dev/v1");
        JsonNode gs = fleet.path("spec").path("template").path("spec");
        JsonNode pod = gs.path("template").path("spec");
        JsonNode c = onlyContainer(pod);
        assertThat(gs.path("container").asText()).isEqualTo(c.path("name").asText());
        JsonNode config = renderedConfig(pod, c, "node.yaml", "serve");
        JsonNode cluster = config.path("cluster");

        JsonNode sts = one("StatefulSet", "etcd");
        int client = namedPort(onlyContainer(sts.path("spec").path("template").path("spec")), "client")
                .path("containerPort").asInt();
        List<String> members = new ArrayList<>();
        for (int i = 0; i < sts.path("spec").path("replicas").asInt(); i++) {
            members.add("http://etcd-" + i + ".etcd." + NAMESPACE + ".svc.cluster.local:" + client);
        }
        List<String> etcd = new ArrayList<>();
        cluster.path("etcd").forEach(u -> etcd.add(u.asText()));
        assertThat(etcd).isEqualTo(members);
        assertThat(cluster.path("agones").asBoolean()).isTrue();
        assertThat(cluster.path("nodeId").asText()).isEqualTo("x-POD_NAME");
        assertThat(cluster.path("advertiseHost").asText()).isEqualTo("x-HOST_IP");

        int port = config.path("server").path("port").asInt();
        JsonNode game = gs.path("ports").get(0);
        assertThat(gs.path("ports")).hasSize(1);
        assertThat(game.path("portPolicy").asText()).as("the advertised port is the host port").isEqualTo("Static");
        assertThat(game.path("hostPort").asInt()).isEqualTo(port);
        assertThat(game.path("containerPort").asInt()).isEqualTo(port);
        assertThat(game.path("protocol").asText()).isEqualTo("TCP");
        assertThat(namedPort(c, "game").path("containerPort").asInt()).isEqualTo(port);
        assertThat(c.path("livenessProbe").path("httpGet").path("port").asText()).isEqualTo("admin");
        assertThat(shell(c)).contains("--admin-host 0.0.0.0");

        assertThat(gs.path("sdkServer").path("httpPort").asInt()).isEqualTo(AgonesSdk.DEFAULT_HTTP_PORT);
        assertThat(envNames(c)).as("Agones injects it").doesNotContain(AgonesSdk.PORT_ENV);
        assertThat(gs.path("health").path("periodSeconds").asLong() * 1000)
                .isGreaterThan(AgonesNode.HEALTH_PERIOD.toMillis());
        assertThat(gs.path("lists").path(AgonesNode.MAPS_LIST).path("capacity").asInt())
                .isEqualTo(cluster.path("maxMaps").asInt());
        assertThat(pod.path("terminationGracePeriodSeconds").asInt())
                .isGreaterThan(cluster.path("drainSeconds").asInt());

        assertThat(mountPath(c, "snapshots")).isEqualTo(cluster.path("snapshotDir").asText());
        String claim = volume(pod, "snapshots").path("persistentVolumeClaim").path("claimName").asText();
        assertThat(one("PersistentVolumeClaim", claim).path("spec").path("accessModes").toString())
                .isEqualTo("[\"ReadWriteMany\"]");
        assertThat(volume(pod, "run").has("emptyDir")).isTrue();
    }

    @Test
    void fleetAutoscaler_ScalesTheFleetOnTheMapsListCapacity_InWholeNodes() throws IOException {
        JsonNode fas = one("FleetAutoscaler", "navserver-node-autoscaler");
        assertThat(fas.path("apiVersion").asText()).isEqualTo("autoscaling.agones.dev/v1");
        assertThat(fas.path("spec").path("fleetName").asText()).isEqualTo("navserver-node");
        JsonNode policy = fas.path("spec").path("policy");
        assertThat(policy.path("type").asText()).isEqualTo("List");
        JsonNode list = policy.path("list");
        assertThat(list.path("key").asText()).isEqualTo(AgonesNode.MAPS_LIST);
        int perNode = one("Fleet", "navserver-node").path("spec").path("template").path("spec").path("lists")
                .path(AgonesNode.MAPS_LIST).path("capacity").asInt();
        int buffer = list.path("bufferSize").asInt();
        int min = list.path("minCapacity").asInt();
        int max = list.path("maxCapacity").asInt();
        assertThat(buffer).isPositive().isLessThanOrEqualTo(min);
        assertThat(min).isLessThanOrEqualTo(max);
        assertThat(min % perNode).as("minCapacity in whole nodes").isZero();
        assertThat(max % perNode).as("maxCapacity in whole nodes").isZero();
        assertThat(min / perNode).as("the autoscaler's floor is the Fleet's start size")
                .isEqualTo(one("Fleet", "navserver-node").path("spec").path("replicas").asInt());
    }

    @Test
    void directory_DeploymentAndServiceAgree_OnLabelsAndTheGamePort_AndItRunsWithoutAgones() throws IOException {
        JsonNode dep = one("Deployment", "navserver-directory");
        JsonNode svc = one("Service", "navserver-directory");
        JsonNode labels = dep.path("spec").path("template").path("metadata").path("labels");
        assertThat(dep.path("spec").path("selector").path("matchLabels")).isEqualTo(labels);
        assertThat(svc.path("spec").path("selector")).isEqualTo(labels);
        assertThat(dep.path("spec").path("replicas").asInt()).isGreaterThanOrEqualTo(2);
        JsonNode pod = dep.path("spec").path("template").path("spec");
        JsonNode c = onlyContainer(pod);
        JsonNode config = renderedConfig(pod, c, "directory.yaml", "directory");
        assertThat(config.path("cluster").path("agones").asBoolean()).isFalse();
        assertThat(config.path("cluster").path("etcd"))
                .isEqualTo(renderedConfig(one("Fleet", "navserver-node").path("spec").path("template").path("spec")
                        .path("template").path("spec"), onlyContainer(one("Fleet", "navserver-node").path("spec")
                        .path("template").path("spec").path("template").path("spec")), "node.yaml", "serve")
                        .path("cluster").path("etcd"));
        JsonNode port = svc.path("spec").path("ports").get(0);
        assertThat(namedPort(c, port.path("targetPort").asText()).path("containerPort").asInt())
                .isEqualTo(config.path("server").path("port").asInt());
        assertThat(c.path("readinessProbe").path("tcpSocket").path("port").asText()).isEqualTo("game");
    }

    @Test
    void images_AreTheOneTheDockerfileBuilds_RunFromItsWorkdirWithItsJar() throws IOException {
        String dockerfile = Files.readString(ROOT.resolve("docker/Dockerfile"));
        assertThat(dockerfile).contains("WORKDIR /opt/navserver\n").contains(" lib/navserver.jar\n")
                .contains("COPY config/ config/").contains("EXPOSE 7400");
        JsonNode node = onlyContainer(one("Fleet", "navserver-node").path("spec").path("template").path("spec")
                .path("template").path("spec"));
        JsonNode dir = onlyContainer(one("Deployment", "navserver-directory").path("spec").path("template")
                .path("spec"));
        assertThat(node.path("image").asText()).matches("navserver:\\d+\\.\\d+\\.\\d+")
                .isEqualTo(dir.path("image").asText());
        for (JsonNode c : List.of(node, dir)) {
            assertThat(shell(c)).contains("-Dlogback.configurationFile=config/logback.xml")
                    .doesNotContain("/opt/navserver/config/navserver.yaml");
            assertThat(mountPath(c, "run")).startsWith("/opt/navserver/");
        }
    }
}
