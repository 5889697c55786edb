package dev.skills.boot.catalog.autoconfigure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.autoconfigure.StartupFailures;
import dev.skills.boot.catalog.SkillsEmbeddings;
import dev.skills.boot.jdbc.autoconfigure.SkillsJdbcAutoConfiguration;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.jdbc.embedding.JdbcEmbeddingCache;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.index.FusedSkillRetriever;
import dev.skills.spring.ai.catalog.index.KeywordSkillIndex;
import dev.skills.spring.ai.catalog.index.SkillRetriever;
import dev.skills.spring.ai.catalog.index.cache.EmbeddingCache;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.content.MediaContent;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.ai.tokenizer.TokenCountEstimator;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(OutputCaptureExtension.class)
class SkillsCatalogAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, ChatClientAutoConfiguration.class,
				SkillsAutoConfiguration.class, SkillsCatalogAutoConfiguration.class,
				SkillsChatClientAutoConfiguration.class));

	@TempDir
	Path dir;

	@TempDir
	Path cache;

	private String skillsDir(int count) {
		for (int i = 0; i < count; i++) {
			SkillFixtures.skill(this.dir, "skill-%03d".formatted(i), "Files report %d.".formatted(i), "Body.");
		}
		SkillFixtures.skill(this.dir, "pdf-processing", "Fill in PDF forms.", "Use the forms guide.");
		return "skills.skills-dir=" + this.dir;
	}

	private static List<String> toolNames(Prompt prompt) {
		return ((ToolCallingChatOptions) prompt.getOptions()).getToolCallbacks()
			.stream()
			.map((tool) -> tool.getToolDefinition().name())
			.toList();
	}

	@Test
	void byDefaultTheCatalogHasABudgetOf4000TokensAndTheKeywordIndexIsNotBuiltWhileEverythingFits() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		this.contextRunner.withPropertyValues(skillsDir(3))
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				assertThat(context).hasSingleBean(SkillCatalog.class);
				assertThat(context.getBean(SkillCatalog.class).maxTokens()).isEqualTo(4000);
				context.getBean(ChatClient.Builder.class)
					.build()
					.prompt()
					.user("Fill in this PDF form")
					.call()
					.content();

				assertThat(toolNames(model.prompts().get(0))).containsExactly("activate_skill");
				assertThat(context.getBeanFactory().containsSingleton("skillsKeywordIndex")).isFalse();
			});
	}

	@Test
	void whenTheCatalogDoesNotFitMaxTokensThenTheAutoConfiguredClientListsTheRelevantSkillAndOffersSearchSkills() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		this.contextRunner.withPropertyValues(skillsDir(60), "skills.catalog.max-tokens=300")
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				context.getBean(ChatClient.Builder.class)
					.build()
					.prompt()
					.user("Fill in this PDF form")
					.call()
					.content();

				assertThat(model.prompts().get(0).getSystemMessage().getText()).contains("<name>pdf-processing</name>")
					.contains("more skills are not listed here");
				assertThat(toolNames(model.prompts().get(0))).containsExactly("activate_skill", "search_skills");
				assertThat(context).hasSingleBean(KeywordSkillIndex.class);
			});
	}

	@Test
	void alwaysIncludeAndSearchResultsAreBound() {
		this.contextRunner
			.withPropertyValues(skillsDir(60), "skills.catalog.max-tokens=300",
					"skills.catalog.always-include=skill-059", "skills.catalog.search-results=2")
			.run((context) -> {
				SkillCatalog catalog = context.getBean(SkillCatalog.class);
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				assertThat(catalog.select(registry.snapshot(), List.of(), "hello").listed()).first()
					.isEqualTo("skill-059");
				assertThat(catalog.search(registry.snapshot(), (skill) -> true, "report")).hasSize(2);
			});
	}

	@Test
	void anApplicationsTokenCountEstimatorAndSkillRetrieverReplaceTheDefaults() {
		this.contextRunner.withPropertyValues(skillsDir(5))
			.withBean(TokenCountEstimator.class, ThousandTokensEach::new)
			.withBean(SkillRetriever.class, () -> (text, limit) -> List.of("skill-001"))
			.run((context) -> {
				assertThat(context).doesNotHaveBean(KeywordSkillIndex.class);
				SkillCatalog catalog = context.getBean(SkillCatalog.class);
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				assertThat(catalog.select(registry.snapshot(), List.of(), "anything").partial()).isTrue();
				assertThat(catalog.search(registry.snapshot(), (skill) -> true, "pdf")).extracting("name")
					.containsExactly("skill-001");
			});
	}

	@Test
	void whenMaxTokensIsBelowOneThenStartupFailsNamingTheProperty(CapturedOutput output) {
		this.contextRunner.withPropertyValues(skillsDir(1), "skills.catalog.max-tokens=0").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("skills.catalog.max-tokens")
				.hasMessageContaining("at least one token");
			assertThat(StartupFailures.analyze(context).getDescription())
				.isEqualTo(StartupFailures.invalidValue("skills.catalog.max-tokens", "0", "The catalog needs a budget "
						+ "of at least one token. Set skills.catalog.max-tokens to a number of tokens such as 4000."));
		});
		assertThat(output).contains("Property skills.catalog.max-tokens with value '0' is invalid");
	}

	@Test
	void whenEmbeddingsAreEnabledThenARequestThatSharesNoWordWithASkillStillListsIt() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		SkillFixtures.skill(this.dir, "on-call-handover", "Hands the on-call rotation to the next engineer.", "Body.");
		this.contextRunner
			.withPropertyValues(skillsDir(60), "skills.catalog.max-tokens=300",
					"skills.catalog.embeddings.enabled=true", "skills.catalog.embeddings.cache-dir=" + this.cache)
			.withBean(ScriptedChatModel.class, () -> model)
			.withBean(EmbeddingModel.class, PagerMeaning::new)
			.run((context) -> {
				assertThat(context).hasSingleBean(FusedSkillRetriever.class).doesNotHaveBean(KeywordSkillIndex.class);
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				SkillCatalog catalog = context.getBean(SkillCatalog.class);
				assertThat(catalog.select(registry.snapshot(), List.of(), "hello").partial()).isTrue();
				String request = "summarise my pager week for whoever takes over";
				List<String> found = List.of();
				for (long deadline = System.nanoTime() + 10_000_000_000L; found.isEmpty()
						&& System.nanoTime() < deadline;) {
					// The skills are embedded in the background from start-up on.
					found = catalog.search(registry.snapshot(), (skill) -> true, request)
						.stream()
						.map((skill) -> skill.name())
						.filter("on-call-handover"::equals)
						.toList();
				}
				assertThat(found).containsExactly("on-call-handover");
				context.getBean(ChatClient.Builder.class).build().prompt().user(request).call().content();
				assertThat(model.prompts().get(0).getSystemMessage().getText())
					.contains("<name>on-call-handover</name>");
			});
	}

	@Test
	void jdbcStoreEmbedsOncePerFleet() {
		// Two instances, one after the other, over one database and no shared disk.
		ApplicationContextRunner instance = this.contextRunner
			.withConfiguration(
					AutoConfigurations.of(DataSourceAutoConfiguration.class, SkillsJdbcAutoConfiguration.class))
			.withPropertyValues(skillsDir(5), "skills.active-skills.store=jdbc",
					"spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
					"skills.catalog.embeddings.enabled=true")
			.withBean(EmbeddingModel.class, PagerMeaning::new);
		for (long computed : new long[] { 6, 0 }) {
			instance.withPropertyValues("skills.catalog.embeddings.cache-dir=" + this.dir.resolve("cache-" + computed))
				.run((context) -> {
					assertThat(context).getBean(EmbeddingCache.class).isInstanceOf(JdbcEmbeddingCache.class);
					SkillsEmbeddings embeddings = context.getBean(SkillsEmbeddings.class);
					Awaitility.await().until(() -> embeddings.status().embedded() == 6);
					assertThat(embeddings.status().computed()).isEqualTo(computed);
				});
		}
	}

	@Test
	void failingModelFallsBackToKeywords(CapturedOutput output) {
		this.contextRunner
			.withPropertyValues(skillsDir(60), "skills.catalog.max-tokens=300",
					"skills.catalog.embeddings.enabled=true", "skills.catalog.embeddings.cache-dir=" + this.cache)
			.withBean(EmbeddingModel.class, FailingModel::new)
			.run((context) -> {
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				SkillCatalog catalog = context.getBean(SkillCatalog.class);
				for (int i = 0; i < 3; i++) {
					assertThat(catalog.search(registry.snapshot(), (skill) -> true, "fill in PDF forms"))
						.extracting((skill) -> skill.name())
						.first()
						.isEqualTo("pdf-processing");
				}
				assertThat(output.getOut().split("failed; skills are ranked by keywords alone", -1)).hasSize(2);
			});
	}

	@Test
	void whenEmbeddingsAreEnabledWithoutAnEmbeddingModelThenStartupFailsSayingWhatToAdd() {
		this.contextRunner.withPropertyValues(skillsDir(1), "skills.catalog.embeddings.enabled=true")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining(
						"skills.catalog.embeddings.model=application needs one EmbeddingModel bean, and there is none")
				.hasMessageContaining("spring-ai-starter-model-openai"));
	}

	@Test
	void whenEmbeddingsAreNotEnabledThenAnEmbeddingModelBeanIsNotUsed() {
		this.contextRunner.withPropertyValues(skillsDir(60), "skills.catalog.max-tokens=300")
			.withBean(EmbeddingModel.class, PagerMeaning::new)
			.run((context) -> {
				context.getBean(SkillCatalog.class)
					.select(context.getBean(SkillsRegistry.class).snapshot(), List.of(), "pager");
				assertThat(context).hasSingleBean(KeywordSkillIndex.class).doesNotHaveBean(FusedSkillRetriever.class);
				assertThat(context.getBean(PagerMeaning.class).calls).isZero();
			});
	}

	@Test
	void whenSkillsAreDisabledThenThereIsNoCatalog() {
		this.contextRunner.withPropertyValues(skillsDir(1), "skills.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SkillCatalog.class)
				.doesNotHaveBean(SkillRetriever.class));
	}

	/**
	 * Every text is a thousand tokens: nothing fits.
	 */
	static final class ThousandTokensEach implements TokenCountEstimator {

		@Override
		public int estimate(String text) {
			return 1000;
		}

		@Override
		public int estimate(MediaContent content) {
			return 1000;
		}

		@Override
		public int estimate(Iterable<MediaContent> contents) {
			return 1000;
		}

	}

	/**
	 * An embedding model that knows one meaning: texts about handing over on-call duty
	 * ("pager", "on-call", "takes over") point one way, every other text another.
	 */
	static final class FailingModel implements EmbeddingModel {

		@Override
		public EmbeddingResponse call(EmbeddingRequest request) {
			throw new IllegalStateException("model unavailable");
		}

		@Override
		public float[] embed(Document document) {
			throw new IllegalStateException("model unavailable");
		}

	}

	static final class PagerMeaning implements EmbeddingModel {

		int calls;

		@Override
		public EmbeddingResponse call(EmbeddingRequest request) {
			this.calls++;
			List<Embedding> embeddings = new ArrayList<>();
			for (String text : request.getInstructions()) {
				boolean pager = text.contains("pager") || text.contains("on-call");
				embeddings.add(new Embedding(new float[] { pager ? 1 : 0, pager ? 0 : 1 }, embeddings.size()));
			}
			return new EmbeddingResponse(embeddings);
		}

		@Override
		public float[] embed(Document document) {
			return embed(document.getText());
		}

	}

}
