package dev.skills.mcp.source;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.mcp.client.BoundedHttpClient;
import dev.skills.mcp.client.McpResourceChanges;
import dev.skills.mcp.source.test.SkillsMcpTestServer;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourceStatus.Outcome;
import dev.skills.sources.SourcesSettings;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An MCP source against a real MCP server over streamable HTTP on loopback, read into a
 * real registry through {@link SourceRefresher}.
 */
@ExtendWith(OutputCaptureExtension.class)
class McpSkillSourceTests {

	private static final Predicate<SkillDiagnostic> SOURCE_WARNING = (
			diagnostic) -> diagnostic.file().equals("mcp:team")
					&& diagnostic.severity() == SkillDiagnostic.Severity.WARNING;

	@TempDir
	Path temp;

	private SkillsMcpTestServer server;

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@BeforeEach
	void startServer() throws Exception {
		this.server = SkillsMcpTestServer.start();
	}

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		this.server.close();
	}

	@Test
	void whenServerListsSkillsThenTheyLoadWithTheirFilesAndTheirSource() throws Exception {
		this.server.skill("pdf", "Read PDF files", Map.of("references/GUIDE.md", "guide v1"));
		this.server.skill("csv", "Read CSV files", Map.of());
		this.server.file("https://example.com/not-a-skill", "ignored");
		Client client = start(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> client.registry.contains("csv"));
		assertThat(client.registry.names()).containsExactly("csv", "pdf");
		assertThat(client.registry.readFile("pdf", "references/GUIDE.md", 1000)).isEqualTo("guide v1");
		assertThat(client.registry.snapshot().load("pdf").body()).contains("Instructions of pdf.");
		assertThat(client.registry.buildCatalog()).contains("Read PDF files");
		SourceStatus status = client.sources.statuses().get(0);
		assertThat(status.name()).isEqualTo("mcp:team");
		assertThat(status.type()).isEqualTo("mcp");
		assertThat(status.revision()).startsWith("mcp-");
		assertThat(status.fetchedAt()).isNotNull();
		assertThat(status.lastError()).isNull();
		assertThat(client.sources.sourceOf(client.registry.get("pdf").get().location()))
			.hasValueSatisfying((source) -> assertThat(source.name()).isEqualTo("mcp:team"));
	}

	@Test
	void whenServerEditsASkillAndNotifiesThenTheRegistryHasItWithinTwoSeconds() throws Exception {
		this.server.skill("pdf", "Read PDF files", Map.of());
		this.server.skill("csv", "Read CSV files", Map.of());
		Client client = start(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> client.registry.contains("pdf"));
		this.server.skill("pdf", "Read and fill PDF forms", Map.of());
		this.server.skill("new", "A new skill", Map.of());
		this.server.remove("skill://csv/SKILL.md");
		long sent = System.nanoTime();
		this.server.notifyChanged();
		await().atMost(Duration.ofSeconds(2))
			.until(() -> client.registry.contains("new") && !client.registry.contains("csv")
					&& client.registry.get("pdf").get().description().equals("Read and fill PDF forms"));
		assertThat(Duration.ofNanos(System.nanoTime() - sent)).isLessThan(Duration.ofSeconds(2));
	}

	@Test
	void whenNothingChangedThenARefreshListsButReadsNothing() throws Exception {
		this.server.skill("pdf", "Read PDF files", Map.of("references/GUIDE.md", "guide v1"));
		this.server.skill("csv", "Read CSV files", Map.of());
		Client client = start(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> client.registry.contains("pdf"));
		String revision = client.sources.statuses().get(0).revision();
		assertThat(client.sources.refresh().get(0).revision()).isEqualTo(revision);
		assertThat(client.outcomes).endsWith(Outcome.UNCHANGED);
		this.server.skill("csv", "Read CSV files, fast", Map.of());
		client.sources.refresh();
		assertThat(client.registry.get("csv").get().description()).isEqualTo("Read CSV files, fast");
		// The unchanged skill was copied from the revision served, not read again.
		assertThat(this.server.reads("skill://pdf/SKILL.md")).isOne();
		assertThat(this.server.reads("skill://pdf/references/GUIDE.md")).isOne();
		assertThat(this.server.reads("skill://csv/SKILL.md")).isEqualTo(2);
	}

	@Test
	void whenServerLiesThenEachBadSkillIsSkippedWithWhyAndTheRestLoad(CapturedOutput output) throws Exception {
		this.server.skill("good", "A good skill", Map.of());
		this.server.lyingFile("skill://liar/SKILL.md", SkillsMcpTestServer.skillMd("liar", "Evil"),
				SkillsMcpTestServer.skillMd("liar", "Good"));
		this.server.skillFile("shown", "hidden", "Renamed on the way");
		this.server.skill("big", "Bundles a huge file", Map.of());
		this.server.hugeFile("skill://big/data.txt", 50);
		this.server.hangingFile("skill://slow/SKILL.md", SkillsMcpTestServer.skillMd("slow", "Never answers"));
		this.server.skill("sly", "Answers with an unlisted file", Map.of());
		this.server.misdirectedFile("skill://sly/notes.md", "skill://sly/secret.md", "hidden");
		Path local = Files.createDirectories(this.temp.resolve("local/local-skill"));
		Files.writeString(local.resolve("SKILL.md"), SkillsMcpTestServer.skillMd("local-skill", "Local"));
		Client client = start(Duration.ofSeconds(2), this.temp.resolve("local").toString());
		// The registry answers at once while the server hangs.
		assertThat(CompletableFuture
			.supplyAsync(() -> client.registry.buildCatalog() + client.registry.snapshot().load("local-skill").body()))
			.succeedsWithin(Duration.ofMillis(500))
			.asString()
			.contains("local-skill")
			.contains("Instructions of local-skill.");
		await().atMost(Duration.ofSeconds(15)).until(() -> client.sources.statuses().get(0).loaded());
		assertThat(client.registry.names()).containsExactly("good", "local-skill");
		// Each skipped skill is one warning of the source on the registry.
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(client.registry.diagnostics()).filteredOn(SOURCE_WARNING).hasSize(5));
		assertThat(warnings(client))
			.contains("skill 'liar' skipped: skill://liar/SKILL.md does not match its sha256 digest")
			.contains("skill 'shown' skipped: its SKILL.md names it 'hidden', its URI 'shown'")
			.contains("skill 'big' skipped: skill://big/data.txt is listed at 52428800 bytes")
			.contains("skill 'slow' skipped: resources/read of skill://slow/SKILL.md did not answer within 2000 ms")
			.contains("skill 'sly' skipped: resources/read of skill://sly/notes.md answered with other resources");
		assertThat(this.server.reads("skill://big/data.txt")).isZero();
		// Logged once, by the registry, as its diagnostic.
		assertThat(output).containsOnlyOnce("mcp:team: skill 'liar' skipped");
	}

	@Test
	void whenTheSizeIsWrongThenTheSkillIsSkipped() throws Exception {
		this.server.lyingFile("skill://liar/SKILL.md", SkillsMcpTestServer.skillMd("liar", "Evil and longer"),
				SkillsMcpTestServer.skillMd("liar", "Good"));
		this.server.skill("good", "A good skill", Map.of());
		Client client = start(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> client.registry.contains("good"));
		assertThat(client.registry.contains("liar")).isFalse();
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(warnings(client)).contains("skill://liar/SKILL.md is larger than "));
	}

	@Test
	void whenALocalSkillHasTheNameOfARemoteOneThenTheLocalOneWinsAndADiagnosticSaysSo() throws Exception {
		this.server.skill("pdf", "Remote PDF skill", Map.of());
		Path local = Files.createDirectories(this.temp.resolve("local/pdf"));
		Files.writeString(local.resolve("SKILL.md"), SkillsMcpTestServer.skillMd("pdf", "Local PDF skill"));
		Client client = start(Duration.ofSeconds(5), this.temp.resolve("local").toString());
		await().atMost(Duration.ofSeconds(10)).until(() -> client.sources.statuses().get(0).loaded());
		assertThat(client.registry.get("pdf").get().description()).isEqualTo("Local PDF skill");
		assertThat(client.registry.diagnostics()).map(SkillDiagnostic::message)
			.anySatisfy((message) -> assertThat(message).startsWith("Skill 'pdf' is shadowed by ")
				.contains(local.toString()));
	}

	@Test
	void whenServerHasAnIndexThenOnlyItsSkillsAreReadAndAnUnlistedOneIsSkipped() throws Exception {
		this.server.skill("pdf", "Read PDF files", Map.of());
		this.server.skill("csv", "Read CSV files", Map.of());
		this.server.file("skill://index.json", """
				{"skills": [
				  {"name": "pdf", "description": "Read PDF files", "uri": "skill://pdf/SKILL.md"},
				  {"name": "ghost", "description": "Not served", "uri": "skill://ghost/SKILL.md"}
				]}""");
		Client client = start(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> client.sources.statuses().get(0).loaded());
		assertThat(client.registry.names()).containsExactly("pdf");
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(warnings(client))
				.contains("skill://ghost/SKILL.md: the index names it but the server does not list it"));
		assertThat(this.server.reads("skill://csv/SKILL.md")).isZero();
	}

	@Test
	void listingStopsAtMaxFilesOfAnyScheme(CapturedOutput output) throws Exception {
		this.server.skill("pdf", "Read PDF files", Map.of());
		Client client = start(Duration.ofSeconds(5), 50);
		await().atMost(Duration.ofSeconds(10)).until(() -> client.registry.contains("pdf"));
		String served = client.sources.statuses().get(0).revision();
		for (int i = 0; i < 60; i++) {
			this.server.file("https://example.com/doc-" + i, "not a skill");
		}

		SourceStatus status = client.sources.refresh().get(0);

		assertThat(status.outcome()).isEqualTo(Outcome.FAILED);
		assertThat(status.lastError()).contains("the server lists more than 50 resources");
		assertThat(status.revision()).isEqualTo(served);
		assertThat(client.registry.names()).containsExactly("pdf");
		assertThat(output).contains("fetch failed: the server lists more than 50 resources; still serving revision");
	}

	@Test
	void notificationFloodIsFoldedAndServes() throws Exception {
		this.server.skill("pdf", "Read PDF files", Map.of("references/GUIDE.md", "guide v1"));
		this.server.skill("csv", "Read CSV files", Map.of());
		Client client = start(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> client.registry.contains("pdf"));
		int before = client.outcomes.size();
		this.server.skill("pdf", "Read and fill PDF forms", Map.of("references/GUIDE.md", "guide v1"));

		// Unfolded, each notice would queue a fetch of its own: 500 of them.
		for (int i = 0; i < 500; i++) {
			this.server.notifyChanged();
		}
		await().atMost(Duration.ofSeconds(60)).until(() -> client.notifications.get() == 500);
		// Queued after every fetch the notifications asked for: it returns once they ran.
		client.sources.refresh();

		List<Outcome> fetches = List.copyOf(client.outcomes.subList(before, client.outcomes.size()));
		assertThat(fetches).doesNotContain(Outcome.FAILED).hasSizeLessThan(250);
		assertThat(client.registry.names()).containsExactly("csv", "pdf");
		assertThat(client.registry.get("pdf").get().description()).isEqualTo("Read and fill PDF forms");
	}

	@Test
	void anAnswerLargerThanTheBoundIsCutOnTheWire() throws Exception {
		this.server.skill("good", "A good skill", Map.of());
		String listed = SkillsMcpTestServer.skillMd("liar", "Small");
		this.server.lyingFile("skill://liar/SKILL.md", listed + "x".repeat(20 * 1024 * 1024), listed);
		Client client = start(Duration.ofSeconds(20));
		await().atMost(Duration.ofSeconds(30)).until(() -> client.registry.contains("good"));
		assertThat(client.registry.contains("liar")).isFalse();
		// 1 MiB files: 3 MiB a message, so the 20 MiB answer is never held whole.
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(warnings(client)).contains("skill 'liar' skipped")
				.contains("more than 3145728 bytes"));
	}

	@Test
	void aPageLargerThanTheBoundIsCutOnTheWire() throws Exception {
		this.server.skill("pdf", "Read PDF files", Map.of());
		for (int i = 0; i < 8_000; i++) {
			this.server.file("https://example.com/" + "long-name-".repeat(40) + i, "not a skill");
		}
		Client client = start(Duration.ofSeconds(5));

		SourceStatus status = client.sources.refresh().get(0);

		assertThat(status.outcome()).isEqualTo(Outcome.FAILED);
		assertThat(status.lastError()).contains("more than 3145728 bytes");
		assertThat(client.registry.names()).isEmpty();
	}

	@Test
	void aNoticeIsListedByTheSourceAloneNotByTheSdk() throws Exception {
		this.server.skill("pdf", "Read PDF files", Map.of());
		Client client = start(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> client.registry.contains("pdf"));
		int fetches = client.outcomes.size();
		int listings = client.listings.get();
		this.server.skill("csv", "Read CSV files", Map.of());

		this.server.notifyChanged();

		await().atMost(Duration.ofSeconds(10)).until(() -> client.registry.contains("csv"));
		await().atMost(Duration.ofSeconds(10)).until(() -> client.outcomes.size() > fetches);
		// The SDK alone would list every resource, every page, before the source is told.
		assertThat(client.listings.get() - listings).isOne();
	}

	// The source's warnings on the registry, one a line.
	private static String warnings(Client client) {
		return client.registry.diagnostics()
			.stream()
			.filter(SOURCE_WARNING)
			.map(SkillDiagnostic::message)
			.collect(Collectors.joining("\n"));
	}

	private Client start(Duration readTimeout, String... localLocations) {
		return start(readTimeout, SourcesSettings.defaults().maxFiles(), localLocations);
	}

	private Client start(Duration readTimeout, int maxFiles, String... localLocations) {
		McpResourceChanges changes = new McpResourceChanges();
		Client client = new Client();
		McpSourceSettings settings = new McpSourceSettings("team", Duration.ofMinutes(5), readTimeout, 1024 * 1024);
		McpClientTransport transport = counting(HttpClientStreamableHttpTransport.builder(this.server.url())
			.clientBuilder(BoundedHttpClient.builder(HttpClient.newBuilder(), settings.maxMessageBytes()))
			.build(), client.listings);
		McpSyncClient mcp = McpClient.sync(changes.watch("team", transport))
			.requestTimeout(Duration.ofSeconds(30))
			.build();
		this.closeables.add(0, mcp);
		mcp.initialize();
		SourceRefresher sources = SourceRefresher.create(
				List.of(McpSkillSource.factory(settings, mcp, changes)), new SourcesSettings(this.temp.resolve("cache"),
						SourcesSettings.defaults().timeout(), maxFiles, SourcesSettings.defaults().maxBytes()),
				(status) -> client.outcomes.add(status.outcome()));
		this.closeables.add(0, sources);
		// After the source has noted the change, as the auto-configuration does.
		changes.onChange("team", () -> sources.refreshSoon(McpSkillSource.sourceName("team")));
		changes.onChange("team", client.notifications::incrementAndGet);
		List<String> locations = new ArrayList<>(List.of(localLocations));
		locations.addAll(sources.locations());
		SkillsRegistry registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(locations).build());
		this.closeables.add(0, registry);
		sources.start(registry);
		client.registry = registry;
		client.sources = sources;
		return client;
	}

	// The transport, counting the resources/list requests sent through it.
	private static McpClientTransport counting(McpClientTransport transport, AtomicInteger listings) {
		return (McpClientTransport) Proxy.newProxyInstance(McpClientTransport.class.getClassLoader(),
				new Class<?>[] { McpClientTransport.class }, (proxy, method, args) -> {
					if (method.getName().equals("sendMessage") && args[0] instanceof JSONRPCRequest request
							&& McpSchema.METHOD_RESOURCES_LIST.equals(request.method())) {
						listings.incrementAndGet();
					}
					try {
						return method.invoke(transport, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

	private static final class Client {

		private final List<Outcome> outcomes = new CopyOnWriteArrayList<>();

		private final AtomicInteger notifications = new AtomicInteger();

		// The resources/list requests the client sent, whoever sent them.
		private final AtomicInteger listings = new AtomicInteger();

		private SkillsRegistry registry;

		private SourceRefresher sources;

	}

}
