package dev.skills.embeddings.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.endpoint.SkillsEndpointAutoConfiguration;
import dev.skills.boot.autoconfigure.health.SkillsHealthContributorAutoConfiguration;
import dev.skills.boot.autoconfigure.metrics.SkillsMetricsAutoConfiguration;
import dev.skills.boot.catalog.SkillsEmbeddings;
import dev.skills.boot.catalog.autoconfigure.SkillsCatalogAutoConfiguration;
import dev.skills.boot.endpoint.SkillsEndpoint;
import dev.skills.boot.health.SkillsHealthIndicator;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.catalog.index.EmbeddingStatus;
import dev.skills.spring.ai.catalog.index.FusedSkillRetriever;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillRetriever;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.model.openai.autoconfigure.OpenAiEmbeddingAutoConfiguration;
import org.springframework.ai.openai.OpenAiEmbeddingModel;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Applications that add {@code skills-embeddings-local}, on the real model.
 */
@ExtendWith(OutputCaptureExtension.class)
class LocalEmbeddingsApplicationTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private static final String PAGER_WEEK = "summarise my pager week for whoever takes over";

	@TempDir
	Path skills;

	@TempDir
	Path cache;

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsCatalogAutoConfiguration.class,
							SkillsEndpointAutoConfiguration.class, SkillsHealthContributorAutoConfiguration.class,
							MetricsAutoConfiguration.class, SkillsMetricsAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withPropertyValues("skills.skills-dir=" + this.skills, "skills.catalog.embeddings.cache-dir=" + this.cache,
					"management.endpoints.web.exposure.include=skills");
	}

	@Test
	void moduleAloneRanksByMeaning(CapturedOutput output) {
		fewSkills();
		runner().run((context) -> {
			assertThat(context).hasSingleBean(FusedSkillRetriever.class).doesNotHaveBean(EmbeddingModel.class);
			ready(context);
			assertThat(context.getBean(SkillRetriever.class).retrieve(PAGER_WEEK, 1))
				.containsExactly("on-call-handover");
			assertThat(output).contains("Ranking by meaning covers every skill: 4 embedded with all-minilm-l6-v2-q");
		});
	}

	@Test
	void propertyTurnsItOff() {
		fewSkills();
		runner().withPropertyValues("skills.catalog.embeddings.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(KeywordSkillIndex.class)
				.doesNotHaveBean(SkillsEmbeddings.class));
	}

	@Test
	void withoutModuleKeywordsAlone() {
		fewSkills();
		runner().withClassLoader(new FilteredClassLoader(LocalEmbeddingModel.class))
			.run((context) -> assertThat(context).hasSingleBean(KeywordSkillIndex.class)
				.doesNotHaveBean(SkillsEmbeddings.class));
	}

	@Test
	void openAiEmbeddingModelStaysTheApps() {
		fewSkills();
		runner().withConfiguration(AutoConfigurations.of(OpenAiEmbeddingAutoConfiguration.class))
			.withPropertyValues("spring.ai.openai.api-key=test", "spring.ai.openai.base-url=http://127.0.0.1:9")
			.run((context) -> {
				assertThat(context).hasSingleBean(EmbeddingModel.class);
				assertThat(context.getBean(EmbeddingModel.class)).isInstanceOf(OpenAiEmbeddingModel.class);
				assertThat(ready(context).model()).isEqualTo(LocalEmbeddingModel.NAME);
			});
	}

	@Test
	void secondStartEmbedsNothing() {
		fewSkills();
		runner().run((context) -> assertThat(ready(context).computed()).isEqualTo(4));
		runner().run((context) -> assertThat(ready(context))
			.isEqualTo(new EmbeddingStatus(LocalEmbeddingModel.NAME, 4, 4, 0)));
	}

	@Test
	void editEmbedsOnlyThatSkill() {
		fewSkills();
		runner().run((context) -> {
			ready(context);
			skill("billing-disputes", "Settles escalations of a customer's invoice.");
			context.getBean(SkillsRegistry.class).reload();
			await().atMost(WAIT)
				.untilAsserted(
						() -> assertThat(context.getBean(SkillsEmbeddings.class).status().computed()).isEqualTo(5));
			assertThat(context.getBean(SkillsEmbeddings.class).status().embedded()).isEqualTo(4);
		});
	}

	@Test
	void readinessOnEndpointHealthGauge() {
		fewSkills();
		runner().run((context) -> {
			EmbeddingStatus status = ready(context);
			assertThat(context.getBean(SkillsEndpoint.class).skills().embeddings()).isEqualTo(status);
			Health health = context.getBean(SkillsHealthIndicator.class).health(true);
			assertThat(health.getDetails()).containsEntry("embeddings", status);
			assertThat(context.getBean(MeterRegistry.class).get("skills.embeddings.embedded").gauge().value())
				.isEqualTo(4);
		});
	}

	private static EmbeddingStatus ready(AssertableApplicationContext context) {
		SkillsEmbeddings embeddings = context.getBean(SkillsEmbeddings.class);
		await().atMost(WAIT).until(() -> embeddings.status().ready() && embeddings.status().total() > 0);
		return embeddings.status();
	}

	private void fewSkills() {
		skill("on-call-handover", "Hands the on-call rotation over to the next engineer.");
		skill("billing-disputes", "Resolves customer complaints about a bill.");
		skill("expense-reports", "Files receipts from a business trip.");
		skill("pdf-forms", "Fills in PDF forms.");
	}

	private void skill(String name, String description) {
		try {
			Path folder = Files.createDirectories(this.skills.resolve(name));
			Files.writeString(folder.resolve("SKILL.md"),
					"---\nname: " + name + "\ndescription: " + description + "\n---\nBody.\n");
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
