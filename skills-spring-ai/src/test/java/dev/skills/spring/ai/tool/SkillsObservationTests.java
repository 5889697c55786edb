package dev.skills.spring.ai.tool;

import java.nio.file.Path;
import java.util.Arrays;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.observation.DefaultSkillObservationConvention;
import dev.skills.spring.ai.observation.SkillObservationContext;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import io.micrometer.common.KeyValues;
import io.micrometer.common.docs.KeyName;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The observations of the skill tools, in Spring AI's shape: one per activation, named
 * and tagged as {@link SkillsObservationDocumentation} says, with meters derived from
 * them.
 */
class SkillsObservationTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	@AfterEach
	void close() {
		if (this.registry != null) {
			this.registry.close();
		}
	}

	String ask(ObservationRegistry observations, int maxTokens) {
		SkillsTools tools = SkillsTools.builder(this.registry).observationRegistry(observations).build();
		return ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(tools)
				.catalog(SkillCatalog.builder(this.registry).maxTokens(maxTokens).build())
				.build())
			.build()
			.prompt()
			.user("Fill in the form")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1"))
			.call()
			.content();
	}

	void skills(int others) {
		SkillFixtures.skillWithFrontmatter(this.root, "pdf-forms", "", "Use pypdf.");
		for (int i = 0; i < others; i++) {
			SkillFixtures.skill(this.root, "skill-%04d".formatted(i));
		}
		this.registry = TestRegistries.of(this.root);
	}

	@Test
	void whenASkillIsActivatedThenExactlyOneObservationCarriesTheDocumentedKeys() {
		skills(0);
		TestObservationRegistry observations = TestObservationRegistry.create();
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-forms\"}").thenAnswer("ok");

		ask(observations, SkillCatalog.DEFAULT_MAX_TOKENS);

		assertThat(observations).hasNumberOfObservationsWithNameEqualTo("skills.activation", 1)
			.hasObservationWithNameEqualTo("skills.activation")
			.that()
			.hasContextualNameEqualTo("activate_skill pdf-forms")
			.hasLowCardinalityKeyValue("gen_ai.skill.name", "pdf-forms")
			.hasLowCardinalityKeyValue("gen_ai.tool.name", "activate_skill")
			.hasLowCardinalityKeyValue("skills.outcome", "ok")
			.hasHighCardinalityKeyValue("gen_ai.conversation.id", "c1")
			.hasBeenStarted()
			.hasBeenStopped();
		assertThat(observations).hasNumberOfObservationsWithNameEqualTo("skills.search", 0);
	}

	@Test
	void whenSessionModePinsASkillThenItIsObservedAsAnActivation() {
		skills(0);
		TestObservationRegistry observations = TestObservationRegistry.create();
		SkillsTools tools = SkillsTools.builder(this.registry).observationRegistry(observations).build();
		this.model.thenAnswer("ok");

		ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(tools).mode(SkillsAdvisor.Mode.SESSION).preloadFrom("SKILL").build())
			.build()
			.prompt()
			.user("Fill in the form")
			.advisors((a) -> a.param("SKILL", "pdf-forms").param(ChatMemory.CONVERSATION_ID, "c1"))
			.call()
			.content();

		assertThat(observations).hasNumberOfObservationsWithNameEqualTo("skills.activation", 1)
			.hasObservationWithNameEqualTo("skills.activation")
			.that()
			.hasLowCardinalityKeyValue("gen_ai.skill.name", "pdf-forms")
			.hasLowCardinalityKeyValue("skills.outcome", "ok")
			.hasHighCardinalityKeyValue("gen_ai.conversation.id", "c1")
			.hasBeenStopped();
	}

	@Test
	void whenTheDefaultConventionTagsACallThenItUsesOnlyTheDocumentedKeyNames() {
		SkillObservationContext context = new SkillObservationContext("activate_skill", "made-up", false, null);
		context.setOutcome("not_found");

		KeyValues tags = new DefaultSkillObservationConvention().getLowCardinalityKeyValues(context);

		assertThat(tags.stream().map((tag) -> tag.getKey())).containsExactlyInAnyOrderElementsOf(
				Arrays.stream(SkillsObservationDocumentation.SKILL_ACTIVATION.getLowCardinalityKeyNames())
					.map(KeyName::asString)
					.toList());
		assertThat(tags.stream().map((tag) -> tag.getValue())).contains("unknown").doesNotContain("made-up");
	}

	@Test
	void whenTheModelSearchesThenQueryLengthAndHitsAreObservedButNeverTheQuery() {
		skills(200);
		TestObservationRegistry observations = TestObservationRegistry.create();
		this.model.thenCall("search_skills", "{\"query\":\"pdf forms\"}").thenAnswer("ok");

		ask(observations, 800);

		assertThat(observations).hasNumberOfObservationsWithNameEqualTo("skills.search", 1)
			.hasObservationWithNameEqualTo("skills.search")
			.that()
			.hasLowCardinalityKeyValue("gen_ai.tool.name", "search_skills")
			.hasLowCardinalityKeyValue("skills.outcome", "found")
			.hasHighCardinalityKeyValue("skills.search.query.length", "9")
			.satisfies((context) -> {
				assertThat(context.getAllKeyValues().stream().map((tag) -> tag.getValue()))
					.noneMatch((value) -> value.contains("pdf"));
				assertThat(Integer.parseInt(context.getHighCardinalityKeyValue("skills.search.hits").getValue()))
					.isPositive();
			});
	}

	@Test
	void whenMetersAreDerivedFromTheObservationsThenOneActivationCountsOnce() {
		skills(0);
		MeterRegistry meters = new SimpleMeterRegistry();
		ObservationRegistry observations = ObservationRegistry.create();
		observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
		this.model.thenCall("activate_skill", "{\"skill_name\":\"pdf-forms\"}")
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-forms\"}")
			.thenAnswer("ok");

		ask(observations, SkillCatalog.DEFAULT_MAX_TOKENS);

		assertThat(meters.get("skills.activation")
			.tag("gen_ai.skill.name", "pdf-forms")
			.tag("skills.outcome", "ok")
			.timer()
			.count()).isEqualTo(1);
		assertThat(meters.get("skills.activation").tag("skills.outcome", "already_active").timer().count())
			.isEqualTo(1);
	}

}
