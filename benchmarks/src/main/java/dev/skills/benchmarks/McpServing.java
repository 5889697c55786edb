package dev.skills.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.mcp.server.McpSkillsPublisher;
import dev.skills.mcp.server.SkillUris;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.tool.SkillsToolCallbackProvider;
import dev.skills.spring.ai.tool.SkillsTools;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;

import org.springframework.ai.mcp.server.common.autoconfigure.McpServerAutoConfiguration;
import org.springframework.ai.mcp.server.common.autoconfigure.McpServerJsonMapperAutoConfiguration;
import org.springframework.ai.mcp.server.common.autoconfigure.ToolCallbackConverterAutoConfiguration;
import org.springframework.ai.mcp.server.webmvc.autoconfigure.McpServerStreamableHttpWebMvcAutoConfiguration;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Measures {@code resources/list} and {@code resources/read} of a {@code SKILL.md} with
 * skills served by Spring AI's streamable HTTP MCP server on loopback, read by the MCP
 * Java SDK's client, against the baseline of a {@code ping} round trip over the same
 * connection, measured in the same run. The list is followed through every page.
 */
final class McpServing {

	private McpServing() {
	}

	/**
	 * Measure.
	 * @param skills how many skills are served (each with a bundled file)
	 * @param warmup requests of each kind not counted
	 * @param runs how many measured runs
	 * @param requests requests of each kind per run
	 * @return the figures
	 */
	static Result measure(int skills, int warmup, int runs, int requests) {
		Path root = SkillTrees.create(skills);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ServingApplication.class)
			.properties("server.port=0", "server.address=127.0.0.1", "server.shutdown=immediate",
					"spring.main.banner-mode=off", "spring.ai.mcp.server.protocol=STREAMABLE",
					"logging.level.root=WARN", "logging.level.org.springframework.ai.mcp=ERROR",
					"bench.skills-dir=" + String.join(",", SkillTrees.locations(root, skills)))
			.run()) {
			// The shaded jar has no spring.factories of Boot's: ask the web server for
			// its port.
			String url = "http://127.0.0.1:" + ((WebServerApplicationContext) context).getWebServer().getPort();
			try (McpSyncClient client = McpClient
				.sync(HttpClientStreamableHttpTransport.builder(url).endpoint("/mcp").build())
				.requestTimeout(Duration.ofSeconds(30))
				.build()) {
				client.initialize();
				Random random = new Random(42);
				int listed = listAll(client);
				Supplier<Object> ping = client::ping;
				Supplier<Object> list = () -> listAll(client);
				Supplier<Object> read = () -> client.readResource(new McpSchema.ReadResourceRequest(
						SkillUris.skillFile(SkillTrees.name(random.nextInt(skills)))));
				for (Supplier<Object> request : List.of(ping, list, read)) {
					time(request, warmup);
				}
				List<double[]> pings = new ArrayList<>();
				List<double[]> lists = new ArrayList<>();
				List<double[]> reads = new ArrayList<>();
				for (int run = 0; run < runs; run++) {
					pings.add(time(ping, requests));
					lists.add(time(list, requests));
					reads.add(time(read, requests));
				}
				return new Result(listed, Figures.of(pings), Figures.of(lists), Figures.of(reads));
			}
		}
	}

	private static int listAll(McpSyncClient client) {
		int count = 0;
		String cursor = null;
		do {
			McpSchema.ListResourcesResult page = client.listResources(cursor);
			count += page.resources().size();
			cursor = page.nextCursor();
		}
		while (cursor != null);
		return count;
	}

	private static double[] time(Supplier<Object> request, int count) {
		double[] millis = new double[count];
		for (int i = 0; i < count; i++) {
			long start = System.nanoTime();
			request.get();
			millis[i] = (System.nanoTime() - start) / 1e6;
		}
		return millis;
	}

	/**
	 * Latencies of one kind of request over every measured run.
	 *
	 * @param medianMillis the median
	 * @param p99Millis the 99th percentile
	 * @param runMedianSpread the largest minus the smallest median of one run, in
	 * milliseconds: how much the runs agree
	 */
	record Figures(double medianMillis, double p99Millis, double runMedianSpread) {

		static Figures of(List<double[]> runs) {
			double[] all = runs.stream().flatMapToDouble(Arrays::stream).sorted().toArray();
			double[] medians = runs.stream().mapToDouble((run) -> percentile(run, 0.5)).sorted().toArray();
			return new Figures(percentile(all, 0.5), percentile(all, 0.99), medians[medians.length - 1] - medians[0]);
		}

		private static double percentile(double[] values, double p) {
			double[] sorted = values.clone();
			Arrays.sort(sorted);
			return sorted[Math.max(0, (int) Math.ceil(sorted.length * p) - 1)];
		}

	}

	/**
	 * The figures of one measurement.
	 *
	 * @param resources how many resources the server lists
	 * @param ping the baseline: a {@code ping} round trip
	 * @param list a whole {@code resources/list}
	 * @param read a {@code resources/read} of one {@code SKILL.md}
	 */
	record Result(int resources, Figures ping, Figures list, Figures read) {

	}

	@SpringBootConfiguration
	@ImportAutoConfiguration({ TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
			WebMvcAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class, JacksonAutoConfiguration.class,
			McpServerJsonMapperAutoConfiguration.class, McpServerStreamableHttpWebMvcAutoConfiguration.class,
			McpServerAutoConfiguration.class, ToolCallbackConverterAutoConfiguration.class })
	static class ServingApplication {

		@Bean(destroyMethod = "close")
		SkillsRegistry skillsRegistry(Environment environment) {
			return SkillsRegistry
				.create(SkillConfig.builder().skillsDir(environment.getRequiredProperty("bench.skills-dir")).build());
		}

		@Bean
		SkillsToolCallbackProvider skillsToolCallbackProvider(SkillsRegistry registry) {
			return new SkillsToolCallbackProvider(SkillsTools.builder(registry).build(),
					SkillCatalog.builder(registry).build());
		}

		@Bean
		McpSkillsPublisher mcpSkillsPublisher(McpSyncServer server, SkillsRegistry registry,
				SkillsToolCallbackProvider tools) {
			McpSkillsPublisher publisher = McpSkillsPublisher.builder(server, registry).tools(tools).build();
			publisher.start();
			registry.addListener(publisher);
			return publisher;
		}

	}

}
