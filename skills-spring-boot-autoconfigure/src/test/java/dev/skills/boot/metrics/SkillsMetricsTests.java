package dev.skills.boot.metrics;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.tool.SkillToolSet;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.SkillFixtures;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class SkillsMetricsTests {

	@TempDir
	Path dir;

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private SkillsRegistry registry;

	private SkillsMetrics metrics;

	@BeforeEach
	void skills() {
		Path pdf = SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		SkillFixtures.file(pdf, "references/FORMS.md", "Fill every field.");
		SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
	}

	@AfterEach
	void close() {
		if (this.registry != null) {
			this.registry.close();
		}
	}

	private void bind(SkillConfig.Builder config) {
		this.registry = SkillsRegistry.create(config.build());
		this.metrics = new SkillsMetrics(this.registry);
		this.metrics.bindTo(this.meters);
		this.registry.addListener(this.metrics);
	}

	private void bind() {
		bind(SkillConfig.builder().skillsDir(this.dir.toString()));
	}

	private SkillToolSet tools() {
		// As Boot's observation auto-configuration does: meters derived from
		// observations.
		ObservationRegistry observations = ObservationRegistry.create();
		observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(this.meters));
		return SkillsTools.builder(this.registry)
			.observationRegistry(observations)
			.build()
			.toolSet(this.registry.snapshot(), null);
	}

	@Test
	void whenBoundThenLoadedSkillsAreAGaugeThatFollowsTheRegistry() {
		bind();
		assertThat(this.meters.get("skills.loaded").gauge().value()).isEqualTo(2.0);
		SkillFixtures.skill(this.dir, "json-tools", "Shape JSON.", "Use jq.");
		this.registry.reload();
		assertThat(this.meters.get("skills.loaded").gauge().value()).isEqualTo(3.0);
	}

	@Test
	void whenBoundThenDiagnosticsAreGaugedBySeverity() {
		SkillFixtures.rawSkill(this.dir, "broken", "---\nname: broken\n---\nNo description.\n");
		bind(SkillConfig.builder().skillsDir(this.dir.toString(), this.dir.resolve("missing").toString()));
		assertThat(this.meters.get("skills.diagnostics").tag("severity", "error").gauge().value()).isEqualTo(1.0);
		assertThat(this.meters.get("skills.diagnostics").tag("severity", "warning").gauge().value()).isEqualTo(1.0);
	}

	@Test
	void whenASkillIsActivatedThenTheTimerDerivedFromTheObservationCountsItBySkill() {
		bind();
		SkillToolSet tools = tools();
		tools.activate().call("{\"skill_name\":\"pdf-processing\"}");
		tools.activate().call("{\"skill_name\":\"pdf-processing\"}");
		tools.activate().call("{\"skill_name\":\"csv-cleaning\"}");
		assertThat(this.meters.get("skills.activation")
			.tags("gen_ai.skill.name", "pdf-processing", "skills.outcome", "ok")
			.timer()
			.count()).isEqualTo(2);
		assertThat(this.meters.get("skills.activation").tags("gen_ai.skill.name", "csv-cleaning").timer().count())
			.isEqualTo(1);
		assertThat(this.meters.find("skills.activations").meters()).isEmpty();
	}

	@Test
	void deletedSkillsMetersGoWithIt() {
		bind();
		SkillToolSet tools = tools();
		tools.activate().call("{\"skill_name\":\"pdf-processing\"}");
		tools.activate().call("{\"skill_name\":\"csv-cleaning\"}");
		FileSystemUtils.deleteRecursively(this.dir.resolve("pdf-processing").toFile());

		this.registry.reload();

		// The meters go on the registry's listener thread, after the reload returned.
		await().untilAsserted(() -> assertThat(
				this.meters.find("skills.activation").tag("gen_ai.skill.name", "pdf-processing").meters())
			.isEmpty());
		assertThat(this.meters.find("skills.activation").tag("gen_ai.skill.name", "csv-cleaning").meters()).hasSize(1);
	}

	@Test
	void whenTheModelNamesASkillThatDoesNotExistThenItsNameIsNotATag() {
		bind();
		SkillToolSet tools = tools();
		tools.activate().call("{\"skill_name\":\"made-up-skill\"}");
		tools.read().call("{\"skill_name\":\"made-up-skill\",\"path\":\"a.md\"}");
		assertThat(this.meters.find("skills.activation").tag("gen_ai.skill.name", "made-up-skill").timer()).isNull();
		assertThat(this.meters.get("skills.activation")
			.tags("gen_ai.skill.name", "unknown", "skills.outcome", "not_found")
			.timer()
			.count()).isEqualTo(1);
		assertThat(this.meters.get("skills.resource.read")
			.tags("gen_ai.skill.name", "unknown", "skills.outcome", "not_found")
			.timer()
			.count()).isEqualTo(1);
	}

	@Test
	void whenFilesAreReadThenTheTimerDerivedFromTheObservationCountsThemBySkillAndOutcome() {
		bind();
		SkillToolSet tools = tools();
		tools.read().call("{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}");
		tools.read().call("{\"skill_name\":\"pdf-processing\",\"path\":\"references/MISSING.md\"}");
		tools.read().call("{\"skill_name\":\"pdf-processing\",\"path\":\"../csv-cleaning/SKILL.md\"}");
		for (String outcome : List.of("ok", "not_found", "rejected")) {
			assertThat(this.meters.get("skills.resource.read")
				.tags("gen_ai.skill.name", "pdf-processing", "skills.outcome", outcome)
				.timer()
				.count()).isEqualTo(1);
		}
	}

	@Test
	void changingReloadIsTimedAsSuccess() {
		bind();
		SkillFixtures.skill(this.dir, "json-tools", "Shape JSON.", "Use jq.");
		this.registry.reload();
		await().untilAsserted(
				() -> assertThat(this.meters.find("skills.reload").tag("outcome", "success").timer()).isNotNull()
					.extracting(Timer::count)
					.isEqualTo(1L));
		assertThat(this.meters.find("skills.reload").tag("outcome", "failure").timer()).isNull();
	}

	@Test
	void brokenSkillTimesReloadAsFailure() {
		bind();
		SkillFixtures.rawSkill(this.dir, "csv-cleaning", "---\nname: csv-cleaning\n---\nThe description is gone.\n");
		this.registry.reload();
		await().untilAsserted(
				() -> assertThat(this.meters.find("skills.reload").tag("outcome", "failure").timer()).isNotNull()
					.extracting(Timer::count)
					.isEqualTo(1L));
	}

	@Test
	void whenAReloadChangesNothingThenNothingIsTimed() {
		bind();
		this.registry.reload();
		assertThat(this.meters.find("skills.reload").timers()).isEmpty();
	}

}
