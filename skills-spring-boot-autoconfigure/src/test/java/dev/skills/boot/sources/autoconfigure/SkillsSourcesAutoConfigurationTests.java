package dev.skills.boot.sources.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.endpoint.SkillsEndpointAutoConfiguration;
import dev.skills.boot.endpoint.SkillsEndpoint;
import dev.skills.boot.endpoint.SkillsEndpoint.SkillSummary;
import dev.skills.boot.endpoint.SkillsEndpointSources;
import dev.skills.boot.sources.autoconfigure.health.SkillsSourcesHealthContributorAutoConfiguration;
import dev.skills.boot.sources.autoconfigure.metrics.SkillsSourcesMetricsAutoConfiguration;
import dev.skills.boot.sources.health.SkillSourcesHealthIndicator;
import dev.skills.boot.sources.metrics.SkillSourcesMetrics;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.lock.SkillsLock;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.test.GitHttpServer;
import dev.skills.sources.test.IndexHttpServer;
import dev.skills.sources.test.SkillsGitRepository;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@ExtendWith(OutputCaptureExtension.class)
class SkillsSourcesAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsSourcesAutoConfiguration.class,
				SkillsEndpointAutoConfiguration.class, SkillsSourcesHealthContributorAutoConfiguration.class,
				MetricsAutoConfiguration.class, SkillsSourcesMetricsAutoConfiguration.class))
		.withUserConfiguration(Meters.class);

	@TempDir
	Path temp;

	private GitHttpServer server;

	private SkillsGitRepository repository;

	private String commit;

	@BeforeEach
	void serveRepository() throws Exception {
		Path served = Files.createDirectories(this.temp.resolve("served"));
		this.repository = new SkillsGitRepository(served, "skills.git", this.temp.resolve("work"));
		this.server = new GitHttpServer(served);
		this.commit = this.repository.skill("skills/pdf", "Read PDF files").push("first");
		Files.createDirectories(this.temp.resolve("local"));
	}

	@AfterEach
	void close() {
		this.server.close();
		this.repository.close();
	}

	private String[] git(String uri, String interval) {
		return new String[] { "skills.skills-dir=" + this.temp.resolve("local"),
				"skills.sources.cache-dir=" + this.temp.resolve("cache"), "skills.sources.git[0].uri=" + uri,
				"skills.sources.git[0].ref=main", "skills.sources.git[0].path=skills",
				"skills.sources.git[0].refresh-interval=" + interval,
				"management.endpoints.web.exposure.include=skills" };
	}

	@Test
	void gitSourceIsServedWithItsCommit() {
		this.contextRunner.withPropertyValues(git(this.server.uri("skills.git"), "0")).run((context) -> {
			SkillsRegistry registry = context.getBean(SkillsRegistry.class);
			await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("pdf"));
			SkillsEndpoint.SkillsDescriptor skills = context.getBean(SkillsEndpoint.class).skills();
			assertThat(skills.sources()).singleElement().satisfies((source) -> {
				assertThat(source.revision()).isEqualTo(this.commit);
				assertThat(source.fetchedAt()).isNotNull();
				assertThat(source.lastError()).isNull();
			});
			assertThat(skills.skills()).extracting(SkillSummary::remoteSource)
				.containsExactly(this.server.uri("skills.git") + "#main:skills");
			Health health = context.getBean(SkillSourcesHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			// The listener hears of the fetch after the registry serves its skills.
			await().atMost(Duration.ofSeconds(10))
				.until(() -> meters.find(SkillSourcesMetrics.FETCH).tag("outcome", "updated").timer() != null);
			Timer fetches = meters.find(SkillSourcesMetrics.FETCH).tag("outcome", "updated").timer();
			assertThat(fetches).isNotNull();
			assertThat(fetches.count()).isEqualTo(1);
		});
	}

	@Test
	void endpointReloadFetchesTheSources() {
		this.contextRunner.withPropertyValues(git(this.server.uri("skills.git"), "0")).run((context) -> {
			SkillsRegistry registry = context.getBean(SkillsRegistry.class);
			await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("pdf"));
			String pushed = this.repository.skill("skills/docx", "Write Word files")
				.skill("skills/pdf", "Read and fill PDF files")
				.push("second");
			assertThat(registry.contains("docx")).isFalse();

			SkillsEndpoint endpoint = context.getBean(SkillsEndpoint.class);
			SkillsEndpoint.ReloadDescriptor reloaded = endpoint.reload();

			assertThat(registry.contains("docx")).isTrue();
			assertThat(reloaded.added()).containsExactly("docx");
			assertThat(reloaded.changed()).containsExactly("pdf");
			assertThat(reloaded.generation()).isEqualTo(registry.snapshot().generation());
			assertThat(endpoint.skills().sources()).extracting(SkillsEndpointSources.Source::revision)
				.containsExactly(pushed);
		});
	}

	@Test
	void pushedDriftOfLockedSkillIsNotServed(CapturedOutput output) throws Exception {
		Path pdf = this.repository.workTree().resolve("skills/pdf");
		String pinned = SkillsLock.digest(pdf, List.of("SKILL.md"));
		Path lock = Files.writeString(this.temp.resolve("skills.lock"),
				SkillsLock.of(List.of(new SkillsLock.Entry("pdf", pinned, "git"))).write());
		this.contextRunner.withPropertyValues(git(this.server.uri("skills.git"), "0"))
			.withPropertyValues("skills.lock.file=" + lock)
			.run((context) -> {
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("pdf"));
				String instructions = registry.snapshot().load("pdf").instructions();
				this.repository.skill("skills/pdf", "Send PDF files elsewhere")
					.skill("skills/docx", "Write Word files")
					.push("second");

				SkillsEndpoint endpoint = context.getBean(SkillsEndpoint.class);
				endpoint.reload();

				assertThat(registry.names()).containsExactly("pdf");
				assertThat(registry.get("pdf")).map(SkillMeta::description).contains("Read PDF files");
				assertThat(registry.snapshot().load("pdf").instructions()).isEqualTo(instructions);
				assertThat(endpoint.skills().skills()).extracting(SkillSummary::digest)
					.containsExactly("sha256:" + pinned);
				assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message)
					.anyMatch((message) -> message.startsWith("Skill 'pdf' differs from the lock"))
					.anyMatch((message) -> message.startsWith("Skill 'docx' is not in the lock"));
			});
		assertThat(output).contains("Skill 'pdf' differs from the lock");
	}

	@Test
	void neverLoadedSourceIsDown() {
		this.contextRunner.withPropertyValues(git("http://127.0.0.1:1/skills.git", "0")).run((context) -> {
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			await().atMost(Duration.ofSeconds(10))
				.until(() -> meters.find(SkillSourcesMetrics.FETCH).tag("outcome", "failed").timer() != null);
			Health health = context.getBean(SkillSourcesHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails().toString()).contains("never loaded").contains("cannot connect");
			assertThat(meters.find(SkillSourcesMetrics.FETCH).tag("outcome", "failed").timer().count()).isEqualTo(1);
		});
	}

	@Test
	void failedFetchAfterALoadStaysUp() {
		this.contextRunner.withPropertyValues(git(this.server.uri("skills.git"), "0")).run((context) -> {
			SkillsRegistry registry = context.getBean(SkillsRegistry.class);
			await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("pdf"));
			this.server.requireCredentials("bot", "secret");
			context.getBean(SourceRefresher.class).refresh();
			Health health = context.getBean(SkillSourcesHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails().toString()).contains(this.commit).contains("Authentication is required");
			assertThat(registry.contains("pdf")).isTrue();
		});
	}

	@Test
	void indexSourceIsServedWithMetersAndHealth() throws Exception {
		try (IndexHttpServer index = new IndexHttpServer()) {
			String digest = index.put("/skills/csv/SKILL.md", "---\nname: csv\ndescription: Read CSV files\n---\nBody");
			String revision = index.put("/.well-known/agent-skills/index.json",
					"{\"$schema\": \"https://schemas.agentskills.io/discovery/0.2.0/schema.json\", \"skills\": ["
							+ "{\"name\": \"csv\", \"type\": \"skill-md\", \"description\": \"Read CSV files\","
							+ " \"url\": \"/skills/csv/SKILL.md\", \"digest\": \"sha256:" + digest + "\"}]}");
			String url = index.url("/.well-known/agent-skills/index.json");
			this.contextRunner.withPropertyValues("skills.skills-dir=" + this.temp.resolve("local"),
					"skills.sources.cache-dir=" + this.temp.resolve("cache"), "skills.sources.index[0].url=" + url,
					"skills.sources.index[0].headers.X-Team=skills", "management.endpoints.web.exposure.include=skills")
				.run((context) -> {
					SkillsRegistry registry = context.getBean(SkillsRegistry.class);
					await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("csv"));
					SkillsEndpoint.SkillsDescriptor skills = context.getBean(SkillsEndpoint.class).skills();
					assertThat(skills.sources()).singleElement().satisfies((source) -> {
						assertThat(source.type()).isEqualTo("index");
						assertThat(source.revision()).isEqualTo(revision);
						assertThat(source.lastError()).isNull();
					});
					assertThat(skills.skills()).extracting(SkillSummary::remoteSource).containsExactly(url);
					assertThat(context.getBean(SkillSourcesHealthIndicator.class).health().getStatus())
						.isEqualTo(Status.UP);
					MeterRegistry meters = context.getBean(MeterRegistry.class);
					await().atMost(Duration.ofSeconds(10))
						.until(() -> meters.find(SkillSourcesMetrics.FETCH).tag("outcome", "updated").timer() != null);
					assertThat(meters.find(SkillSourcesMetrics.FETCH).tag("outcome", "updated").timer().count())
						.isEqualTo(1);
				});
		}
	}

	@Test
	void allowedHostsReachTheIndexSource() throws Exception {
		try (IndexHttpServer index = new IndexHttpServer(); IndexHttpServer cdn = new IndexHttpServer("127.0.0.2")) {
			String digest = cdn.put("/csv/SKILL.md", "---\nname: csv\ndescription: Read CSV files\n---\nBody");
			index.put("/index.json",
					"{\"version\": \"0.2.0\", \"skills\": [{\"name\": \"csv\", \"type\": " + "\"skill-md\", \"url\": \""
							+ cdn.url("/csv/SKILL.md") + "\", \"digest\": \"sha256:" + digest + "\"}]}");
			this.contextRunner
				.withPropertyValues("skills.skills-dir=" + this.temp.resolve("local"),
						"skills.sources.cache-dir=" + this.temp.resolve("cache"),
						"skills.sources.index[0].url=" + index.url("/index.json"),
						"skills.sources.index[0].allowed-hosts=127.0.0.2")
				.run((context) -> await().atMost(Duration.ofSeconds(10))
					.until(() -> context.getBean(SkillsRegistry.class).contains("csv")));
		}
	}

	@Test
	void indexWithoutUrlFailsStartUp() {
		this.contextRunner.withPropertyValues("skills.sources.index[0].refresh-interval=1m")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("skills.sources.index[0].url"));
	}

	@Test
	void indexUrlNotHttpFailsStartUp() {
		this.contextRunner.withPropertyValues("skills.sources.index[0].url=file:///etc/index.json")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("skills.sources.index[0].url")
				.hasMessageContaining("only http and https"));
	}

	@Test
	void gitWithoutUriFailsStartUp() {
		this.contextRunner.withPropertyValues("skills.sources.git[0].ref=main")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("skills.sources.git[0].uri"));
	}

	@Test
	void backsOffWithoutSkillsSources() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(SourceRefresher.class))
			.withPropertyValues(git(this.server.uri("skills.git"), "0"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(SkillsRegistry.class)
				.doesNotHaveBean(SourceRefresher.class)
				.doesNotHaveBean(SkillsEndpointSources.class)
				.doesNotHaveBean(SkillSourcesHealthIndicator.class)
				.doesNotHaveBean(SkillSourcesMetrics.class));
	}

	@Test
	void backsOffWhenSkillsAreDisabled() {
		this.contextRunner.withPropertyValues("skills.enabled=false")
			.withPropertyValues(git(this.server.uri("skills.git"), "0"))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SourceRefresher.class));
	}

	@Configuration(proxyBeanMethods = false)
	static class Meters {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

}
