package dev.skills.autoconfigure.metrics;

import java.nio.file.Path;
import java.util.List;

import dev.skills.autoconfigure.TestSkills;
import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.SkillInvocation;
import dev.skills.spring.ai.SkillInvocationListener.Outcome;
import dev.skills.spring.ai.SkillsAdvisor;
import dev.skills.spring.ai.SkillsTools;
import dev.skills.spring.ai.SkillsTools.ToolSet;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsMetricsTests {

	@TempDir
	Path dir;

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private SkillsRegistry registry;

	private SkillsMetrics metrics;

	@BeforeEach
	void skills() {
		Path pdf = TestSkills.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		TestSkills.file(pdf, "references/FORMS.md", "Fill every field.");
		TestSkills.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
	}

	@AfterEach
	void close() {
		if (this.registry != null) {
			this.registry.close();
		}
	}

	private void bind(SkillConfig.Builder config) {
		bind(config, SkillsAdvisor.Mode.ON_DEMAND);
	}

	private void bind(SkillConfig.Builder config, SkillsAdvisor.Mode mode) {
		this.registry = SkillsRegistry.create(config.build());
		this.metrics = new SkillsMetrics(this.registry, mode);
		this.metrics.bindTo(this.meters);
		this.registry.addListener(this.metrics);
	}

	private void bind() {
		bind(SkillConfig.builder().skillsDir(this.dir.toString()));
	}

	private ToolSet tools() {
		return SkillsTools.builder(this.registry)
			.listeners(List.of(this.metrics))
			.build()
			.toolSet(this.registry.snapshot());
	}

	@Test
	void whenBoundThenLoadedSkillsAreAGaugeThatFollowsTheRegistry() {
		bind();
		assertThat(this.meters.get("skills.loaded").gauge().value()).isEqualTo(2.0);
		TestSkills.skill(this.dir, "json-tools", "Shape JSON.", "Use jq.");
		this.registry.reload();
		assertThat(this.meters.get("skills.loaded").gauge().value()).isEqualTo(3.0);
	}

	@Test
	void whenBoundThenDiagnosticsAreGaugedBySeverity() {
		TestSkills.rawSkill(this.dir, "broken", "---\nname: broken\n---\nNo description.\n");
		bind(SkillConfig.builder().skillsDir(this.dir.toString(), this.dir.resolve("missing").toString()));
		assertThat(this.meters.get("skills.diagnostics").tag("severity", "error").gauge().value()).isEqualTo(1.0);
		assertThat(this.meters.get("skills.diagnostics").tag("severity", "warning").gauge().value()).isEqualTo(1.0);
	}

	@Test
	void whenASkillIsActivatedThenActivationsAreCountedBySkillAndMode() {
		bind();
		ToolSet tools = tools();
		tools.activate().call("{\"skill_name\":\"pdf-processing\"}");
		tools.activate().call("{\"skill_name\":\"pdf-processing\"}");
		tools.activate().call("{\"skill_name\":\"csv-cleaning\"}");
		assertThat(this.meters.get("skills.activations")
			.tags("skill", "pdf-processing", "mode", "on-demand")
			.counter()
			.count()).isEqualTo(2.0);
		assertThat(this.meters.get("skills.activations")
			.tags("skill", "csv-cleaning", "mode", "on-demand")
			.counter()
			.count()).isEqualTo(1.0);
	}

	@Test
	void whenModeIsSessionThenActivationsAreTaggedSession() {
		bind(SkillConfig.builder().skillsDir(this.dir.toString()), SkillsAdvisor.Mode.SESSION);
		this.metrics.after(new SkillInvocation(SkillsTools.ACTIVATE_SKILL, "pdf-processing", null, "c"), "x",
				Outcome.OK);
		assertThat(this.meters.get("skills.activations")
			.tags("skill", "pdf-processing", "mode", "session")
			.counter()
			.count()).isEqualTo(1.0);
	}

	@Test
	void whenTheAnswerIsAlreadyActiveThenNoActivationIsCounted() {
		bind();
		this.metrics.after(new SkillInvocation(SkillsTools.ACTIVATE_SKILL, "pdf-processing", null, "c"), "x",
				Outcome.ALREADY_ACTIVE);
		assertThat(this.meters.find("skills.activations").counters()).isEmpty();
	}

	@Test
	void whenTheModelNamesASkillThatDoesNotExistThenNoActivationIsCountedAndItsNameIsNotATag() {
		bind();
		tools().activate().call("{\"skill_name\":\"made-up-skill\"}");
		assertThat(this.meters.find("skills.activations").counters()).isEmpty();
		this.metrics.after(new SkillInvocation(SkillsTools.READ_SKILL_RESOURCE, "made-up-skill", "a.md", "c"), "x",
				Outcome.NOT_FOUND);
		assertThat(this.meters.find("skills.resource.reads").tag("skill", "made-up-skill").counter()).isNull();
		assertThat(this.meters.get("skills.resource.reads")
			.tags("skill", "unknown", "outcome", "not_found")
			.counter()
			.count()).isEqualTo(1.0);
	}

	@Test
	void whenFilesAreReadThenReadsAreCountedBySkillAndOutcome() {
		bind();
		ToolSet tools = tools();
		tools.read().call("{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}");
		tools.read().call("{\"skill_name\":\"pdf-processing\",\"path\":\"references/MISSING.md\"}");
		tools.read().call("{\"skill_name\":\"pdf-processing\",\"path\":\"../csv-cleaning/SKILL.md\"}");
		assertThat(this.meters.get("skills.resource.reads")
			.tags("skill", "pdf-processing", "outcome", "ok")
			.counter()
			.count()).isEqualTo(1.0);
		assertThat(this.meters.get("skills.resource.reads")
			.tags("skill", "pdf-processing", "outcome", "not_found")
			.counter()
			.count()).isEqualTo(1.0);
		assertThat(this.meters.get("skills.resource.reads")
			.tags("skill", "pdf-processing", "outcome", "rejected")
			.counter()
			.count()).isEqualTo(1.0);
	}

	@Test
	void whenAReloadChangesSkillsThenItIsTimedAsSuccess() {
		bind();
		TestSkills.skill(this.dir, "json-tools", "Shape JSON.", "Use jq.");
		this.registry.reload();
		assertThat(this.meters.get("skills.reload").tag("outcome", "success").timer().count()).isEqualTo(1);
		assertThat(this.meters.find("skills.reload").tag("outcome", "failure").timer()).isNull();
	}

	@Test
	void whenAReloadReadsABrokenSkillThenItIsTimedAsFailure() {
		bind();
		TestSkills.rawSkill(this.dir, "csv-cleaning", "---\nname: csv-cleaning\n---\nThe description is gone.\n");
		this.registry.reload();
		assertThat(this.meters.get("skills.reload").tag("outcome", "failure").timer().count()).isEqualTo(1);
	}

	@Test
	void whenAReloadChangesNothingThenNothingIsTimed() {
		bind();
		this.registry.reload();
		assertThat(this.meters.find("skills.reload").timers()).isEmpty();
	}

	@Test
	void whenNotBoundYetThenCallsPassThroughAndNothingIsRecorded() {
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.dir.toString()).build());
		SkillsMetrics unbound = new SkillsMetrics(this.registry, SkillsAdvisor.Mode.ON_DEMAND);
		String result = unbound.after(new SkillInvocation(SkillsTools.ACTIVATE_SKILL, "pdf-processing", null, "c"),
				"the result", Outcome.OK);
		assertThat(result).isEqualTo("the result");
		assertThat(this.meters.getMeters()).isEmpty();
	}

	@Test
	void whenACallIsRecordedThenTheResultIsPassedOnUnchanged() {
		bind();
		assertThat(this.metrics.after(new SkillInvocation(SkillsTools.READ_SKILL_RESOURCE, "pdf-processing", "a", "c"),
				"text", Outcome.OK))
			.isEqualTo("text");
	}

}
