package dev.skills.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.mcp.server.SkillsExtensionServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServlet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Both MCP endpoints on loopback in one run, each request a whole round trip with its
 * answer parsed: the Skills Extension on protocol 2026-07-28 serving 10,000 skills
 * ({@code skills/list} one page of 100 at a time, the pages taken in turn;
 * {@code skills/get} of a random skill; {@code server/discover}, its cheapest request),
 * sent with the JDK's client and parsed with Jackson; and Spring AI's endpoint serving
 * 1,000 skills ({@code resources/list} of its 2,001 resources), read by the MCP Java
 * SDK's client. The baseline is a {@code ping} over the SDK client's session.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class McpEndpointsBenchmark {

	private static final int EXTENSION_SKILLS = 10_000;

	private static final int LEGACY_SKILLS = 1_000;

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private final List<Path> trees = new ArrayList<>();

	private final List<String> cursors = new ArrayList<>();

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private ConfigurableApplicationContext extension;

	private ConfigurableApplicationContext legacy;

	private McpSyncClient client;

	private URI endpoint;

	private int page;

	@Setup(Level.Trial)
	public void serve() throws Exception {
		Path many = SkillTrees.create(EXTENSION_SKILLS);
		this.trees.add(many);
		this.extension = new SpringApplicationBuilder(ExtensionApplication.class)
			.properties("server.port=0", "server.address=127.0.0.1", "server.shutdown=immediate",
					"spring.main.banner-mode=off", "logging.level.root=WARN",
					"bench.skills-dir=" + String.join(",", SkillTrees.locations(many, EXTENSION_SKILLS)))
			.run();
		this.endpoint = URI.create("http://127.0.0.1:"
				+ ((WebServerApplicationContext) this.extension).getWebServer().getPort() + "/mcp/skills");
		String cursor = null;
		do {
			this.cursors.add(cursor);
			JsonNode next = skillsList(cursor).path("nextCursor");
			cursor = next.isString() ? next.stringValue() : null;
		}
		while (cursor != null);
		Path few = SkillTrees.create(LEGACY_SKILLS);
		this.trees.add(few);
		this.legacy = new SpringApplicationBuilder(McpServing.ServingApplication.class)
			.properties("server.port=0", "server.address=127.0.0.1", "server.shutdown=immediate",
					"spring.main.banner-mode=off", "spring.ai.mcp.server.protocol=STREAMABLE",
					"logging.level.root=WARN", "logging.level.org.springframework.ai.mcp=ERROR",
					"bench.skills-dir=" + String.join(",", SkillTrees.locations(few, LEGACY_SKILLS)))
			.run();
		String url = "http://127.0.0.1:" + ((WebServerApplicationContext) this.legacy).getWebServer().getPort();
		this.client = McpClient.sync(HttpClientStreamableHttpTransport.builder(url).endpoint("/mcp").build())
			.requestTimeout(Duration.ofSeconds(60))
			.build();
		this.client.initialize();
	}

	@TearDown(Level.Trial)
	public void stop() {
		this.client.close();
		this.legacy.close();
		this.extension.close();
		this.trees.forEach(SkillTrees::delete);
	}

	@Benchmark
	public Object ping() {
		return this.client.ping();
	}

	@Benchmark
	public JsonNode serverDiscover() throws Exception {
		return call("server/discover", "{}");
	}

	@Benchmark
	public JsonNode skillsListPage() throws Exception {
		this.page = (this.page + 1) % this.cursors.size();
		return skillsList(this.cursors.get(this.page));
	}

	@Benchmark
	public JsonNode skillsGet() throws Exception {
		String name = SkillTrees.name(ThreadLocalRandom.current().nextInt(EXTENSION_SKILLS));
		return call("skills/get", "{\"uri\":\"skill://" + name + "/SKILL.md\"}");
	}

	@Benchmark
	public McpSchema.ListResourcesResult resourcesList() {
		return this.client.listResources(null);
	}

	private JsonNode skillsList(String cursor) throws IOException, InterruptedException {
		return call("skills/list", (cursor != null) ? "{\"cursor\":\"" + cursor + "\"}" : "{}");
	}

	// A 2026-07-28 request: no session; the version in a header and in _meta.
	private JsonNode call(String method, String params) throws IOException, InterruptedException {
		String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
				+ "\"io.modelcontextprotocol/clientCapabilities\":{}}";
		String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":"
				+ (params.equals("{}") ? "{" + meta + "}" : params.substring(0, params.length() - 1) + "," + meta + "}")
				+ "}";
		HttpRequest.Builder request = HttpRequest.newBuilder(this.endpoint)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.header("MCP-Protocol-Version", "2026-07-28")
			.header("Mcp-Method", method);
		if (method.equals("skills/get")) {
			request.header("Mcp-Name", MAPPER.readTree(params).path("uri").stringValue());
		}
		HttpResponse<byte[]> response = this.http.send(request.POST(HttpRequest.BodyPublishers.ofString(body)).build(),
				HttpResponse.BodyHandlers.ofByteArray());
		JsonNode answer = MAPPER.readTree(response.body());
		if (response.statusCode() != 200 || !answer.has("result")) {
			throw new IllegalStateException(method + " failed: " + answer);
		}
		return answer.get("result");
	}

	@SpringBootConfiguration
	@ImportAutoConfiguration(TomcatServletWebServerAutoConfiguration.class)
	static class ExtensionApplication {

		@Bean(destroyMethod = "close")
		SkillsRegistry skillsRegistry(Environment environment) {
			return SkillsRegistry.create(SkillConfig.builder()
				.skillsDir(environment.getRequiredProperty("bench.skills-dir", String[].class))
				.build());
		}

		@Bean(destroyMethod = "close")
		SkillsExtensionServer skillsExtensionServer(SkillsRegistry registry) {
			SkillsExtensionServer server = SkillsExtensionServer.builder(registry).pageSize(100).build();
			registry.addListener(server);
			return server;
		}

		@Bean
		ServletRegistrationBean<HttpServlet> skillsExtensionServlet(SkillsExtensionServer server) {
			return new ServletRegistrationBean<>(server.servlet(), "/mcp/skills");
		}

	}

}
