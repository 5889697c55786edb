package dev.skills.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.mcp.client.McpResourceChanges;
import dev.skills.mcp.source.McpSkillSource;
import dev.skills.mcp.source.McpSourceSettings;
import dev.skills.mcp.source.test.SkillsMcpTestServer;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourcesSettings;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.ListResourcesResult;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import org.springframework.util.FileSystemUtils;

/**
 * The client's refresh of an MCP server's 1,000 unchanged skills
 * ({@code skills.sources.mcp}): one listing over streamable HTTP on loopback, its digest
 * compared with the revision served, nothing read. Two baselines in the same run: the
 * bare SDK {@code resources/list} that the refresh makes (what the protocol costs), and a
 * rescan of the same skills as a folder location. Two shapes: a {@code SKILL.md} alone,
 * and {@code SKILL.md} with three bundled files.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class McpSourcesBenchmark {

	private static final int SKILLS = 1000;

	@Param({ "1", "4" })
	public int filesPerSkill;

	private SkillsMcpTestServer server;

	private McpSyncClient client;

	private SourceRefresher sources;

	private SkillsRegistry sourceRegistry;

	private SkillsRegistry folderRegistry;

	private Path temp;

	@Setup(Level.Trial)
	public void serveSkills() throws Exception {
		this.temp = Files.createTempDirectory("skills-bench-mcp");
		this.server = SkillsMcpTestServer.start();
		Path folder = this.temp.resolve("folder");
		for (int i = 0; i < SKILLS; i++) {
			String name = String.format("skill-%04d", i);
			Map<String, String> files = new LinkedHashMap<>();
			for (int f = 1; f < this.filesPerSkill; f++) {
				files.put("references/file-" + f + ".md", "Reference " + f + " of " + name + ".\n");
			}
			this.server.skill(name, "Skill number " + i + " of the benchmark", files);
			write(folder.resolve(name), name, files);
		}
		this.client = McpClient.sync(HttpClientStreamableHttpTransport.builder(this.server.url()).build())
			.requestTimeout(Duration.ofSeconds(60))
			.build();
		this.client.initialize();
		SourcesSettings settings = SourcesSettings.defaults().withCacheDir(this.temp.resolve("cache"));
		McpSourceSettings server = new McpSourceSettings("bench", Duration.ZERO, Duration.ofSeconds(30), 1024 * 1024);
		this.sources = SourceRefresher.create(
				List.of(McpSkillSource.factory(server, this.client, new McpResourceChanges())), settings, (status) -> {
				});
		this.sourceRegistry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.sources.locations()).build());
		this.sources.start(this.sourceRegistry);
		// The first load reads every file; on a busy machine that outlasts refresh()'s
		// wait.
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
		while (!this.sources.statuses().get(0).loaded() && System.nanoTime() < deadline) {
			Thread.sleep(100);
		}
		SourceStatus status = this.sources.statuses().get(0);
		if (this.sourceRegistry.size() != SKILLS || status.lastError() != null) {
			throw new IllegalStateException("the source did not load: " + status);
		}
		this.folderRegistry = SkillsRegistry.create(SkillConfig.builder().skillsDir(folder.toString()).build());
	}

	@TearDown(Level.Trial)
	public void stop() throws Exception {
		this.sources.close();
		this.sourceRegistry.close();
		this.folderRegistry.close();
		this.client.close();
		this.server.close();
		FileSystemUtils.deleteRecursively(this.temp);
	}

	@Benchmark
	public List<SourceStatus> refreshUnchanged() {
		return this.sources.refresh();
	}

	@Benchmark
	public ListResourcesResult baselineResourcesList() {
		return this.client.listResources(null);
	}

	@Benchmark
	public SkillsChange baselineFolderRescan() {
		return this.folderRegistry.reload();
	}

	private static void write(Path skill, String name, Map<String, String> files) {
		try {
			Files.createDirectories(skill);
			Files.writeString(skill.resolve("SKILL.md"),
					SkillsMcpTestServer.skillMd(name, "Skill number " + name + " of the benchmark"));
			for (Map.Entry<String, String> file : files.entrySet()) {
				Path path = skill.resolve(file.getKey());
				Files.createDirectories(path.getParent());
				Files.writeString(path, file.getValue());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
