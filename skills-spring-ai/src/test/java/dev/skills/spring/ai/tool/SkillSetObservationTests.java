package dev.skills.spring.ai.tool;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.set.SkillSet;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The skill tools' observations and meters carry the request's skill set as the
 * {@code skills.set} tag, bounded by the configured sets.
 */
class SkillSetObservationTests {

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	MeterRegistry meters = new SimpleMeterRegistry();

	ObservationRegistry observations = ObservationRegistry.create();

	@BeforeEach
	void skills() {
		SkillFixtures.skill(this.root, "pdf-forms");
		SkillFixtures.skill(this.root, "csv-clean");
		this.registry = TestRegistries.of(this.root);
		this.observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(this.meters));
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	SkillsTools tools(@Nullable String defaultSet, ObservationRegistry observations) {
		return SkillsTools.builder(this.registry)
			.observationRegistry(observations)
			.skillSets(SkillSets.of(List.of(SkillSet.of("forms", "pdf-*")), defaultSet))
			.build();
	}

	void ask(SkillsAdvisor advisor, @Nullable String set, String skill) {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"" + skill + "\"}").thenAnswer("ok");
		ChatClient.builder(this.model).defaultAdvisors(advisor).build().prompt().user("Go").advisors((a) -> {
			if (set != null) {
				a.param(SkillsAdvisor.SKILL_SET, set);
			}
		}).call().content();
	}

	double activations(String set) {
		return this.meters.get("skills.activation").tag("skills.set", set).timer().count();
	}

	@Test
	void activationsCarryTheRequestSet() {
		SkillsAdvisor advisor = SkillsAdvisor.builder(tools(null, this.observations)).build();
		ask(advisor, "forms", "pdf-forms");
		ask(advisor, null, "csv-clean");
		assertThat(activations("forms")).isEqualTo(1);
		assertThat(activations(SkillSets.NO_SET)).isEqualTo(1);
	}

	@Test
	void defaultSetTagsRequestsNamingNone() {
		SkillsAdvisor advisor = SkillsAdvisor.builder(tools("forms", this.observations)).build();
		ask(advisor, null, "pdf-forms");
		assertThat(activations("forms")).isEqualTo(1);
	}

	@Test
	void unknownNamesShareOneTag() {
		SkillsToolCallbackProvider provider = new SkillsToolCallbackProvider(tools(null, this.observations),
				SkillCatalog.builder(this.registry).build());
		ToolCallback activate = activate(provider);
		for (String made : List.of("made-up-1", "made-up-2")) {
			activate.call("{\"skill_name\":\"csv-clean\"}", new ToolContext(Map.of(SkillsToolContext.SKILL_SET, made)));
		}
		activate(provider.inSet("forms")).call("{\"skill_name\":\"pdf-forms\"}");
		assertThat(activations(SkillSets.UNKNOWN)).isEqualTo(2);
		assertThat(activations("forms")).isEqualTo(1);
		assertThat(this.meters.getMeters())
			.allSatisfy((meter) -> assertThat(meter.getId().getTag("skills.set")).isIn("forms", SkillSets.UNKNOWN));
	}

	@Test
	void searchAndPinCarryTheSet() {
		for (int i = 0; i < 100; i++) {
			SkillFixtures.skill(this.root, "pdf-extra-%03d".formatted(i));
		}
		this.registry.reload();
		TestObservationRegistry observed = TestObservationRegistry.create();
		SkillsTools tools = tools(null, observed);
		this.model.thenCall("search_skills", "{\"query\":\"pdf forms\"}").thenAnswer("ok");
		ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(tools)
				.catalog(SkillCatalog.builder(this.registry).maxTokens(300).build())
				.build())
			.build()
			.prompt()
			.user("Go")
			.advisors((a) -> a.param(SkillsAdvisor.SKILL_SET, "forms"))
			.call()
			.content();
		assertThat(observed).hasObservationWithNameEqualTo("skills.search")
			.that()
			.hasLowCardinalityKeyValue("skills.set", "forms");
		this.model.thenAnswer("pinned");
		ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(tools).mode(SkillConfig.Mode.SESSION).preloadFrom("SKILL").build())
			.build()
			.prompt()
			.user("Go")
			.advisors((a) -> a.param(SkillsAdvisor.SKILL_SET, "forms").param("SKILL", "pdf-forms"))
			.call()
			.content();
		assertThat(observed).hasObservationWithNameEqualTo("skills.activation")
			.that()
			.hasLowCardinalityKeyValue("skills.set", "forms");
	}

	static ToolCallback activate(SkillsToolCallbackProvider provider) {
		return Arrays.stream(provider.getToolCallbacks())
			.filter((tool) -> tool.getToolDefinition().name().equals("activate_skill"))
			.findFirst()
			.orElseThrow();
	}

}
