package dev.skills.spring.ai;

import java.nio.file.Path;
import java.util.List;

import dev.skills.core.Skill;
import dev.skills.spring.ai.set.SkillSet;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Skills attached to a call in code: resolving entries and rendering their instructions.
 */
class SkillsTests {

	@TempDir
	Path root;

	@Test
	void aSkillResolvesToItself() {
		Skill skill = Skills.load(SkillFixtures.skill(this.root, "alpha"));

		assertThat(Skills.resolve(List.of(skill), this.root)).singleElement().isSameAs(skill);
	}

	@Test
	void aPathResolvesToTheSkillInThatFolderOrFile() {
		Path alpha = SkillFixtures.skillWithFrontmatter(this.root, "alpha", "", "Alpha body.");

		assertThat(Skills.resolve(List.of(alpha, alpha.resolve("SKILL.md")), this.root))
			.extracting(Skill::name, Skill::instructions)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("alpha", "Alpha body."),
					org.assertj.core.groups.Tuple.tuple("alpha", "Alpha body."));
	}

	@Test
	void aPathAsTextResolvesLikeAPath() {
		Path alpha = SkillFixtures.skill(this.root, "alpha");

		assertThat(Skills.resolve(List.of(alpha.toString(), alpha.resolve("SKILL.md").toString()), this.root))
			.extracting(Skill::name)
			.containsExactly("alpha", "alpha");
	}

	@Test
	void aNameResolvesToTheFolderOfThatNameInTheSkillDir() {
		Path dir = this.root.resolve("dir");
		SkillFixtures.skillWithFrontmatter(dir, "alpha", "", "From dir.");
		SkillFixtures.skillWithFrontmatter(this.root, "beta", "", "Beta outside.");

		assertThat(Skills.resolve(List.of("alpha"), dir)).extracting(Skill::instructions).containsExactly("From dir.");
		assertThatIllegalArgumentException().isThrownBy(() -> Skills.resolve(List.of("beta"), dir))
			.withMessage("skill not found: beta");
	}

	@Test
	void entriesResolveInEntryOrder() {
		Path alpha = SkillFixtures.skill(this.root, "alpha");
		Skill beta = Skills.load(SkillFixtures.skill(this.root, "beta"));
		SkillFixtures.skill(this.root, "gamma");

		assertThat(Skills.resolve(List.of("gamma", beta, alpha, "skill-authoring"), this.root)).extracting(Skill::name)
			.containsExactly("gamma", "beta", "alpha", "skill-authoring");
	}

	@Test
	void theCoreSkillResolvesByNameAndIsBuiltIn() {
		Skill authoring = Skills.resolve(List.of("skill-authoring"), this.root).get(0);

		assertThat(authoring.name()).isEqualTo("skill-authoring");
		assertThat(authoring.meta().builtin()).isTrue();
		assertThat(authoring.instructions()).startsWith("# Writing a good skill");
		assertThat(Skills.coreSkills()).extracting(Skill::name).containsExactly("skill-authoring");
		assertThat(Skills.coreSkill("skill-authoring")).get()
			.extracting(Skill::instructions)
			.isEqualTo(authoring.instructions());
		assertThat(Skills.coreSkill("pdf-processing")).isEmpty();
	}

	@Test
	void aSkillDirFolderNamedLikeTheCoreSkillWinsOverIt() {
		SkillFixtures.skillWithFrontmatter(this.root, "skill-authoring", "", "My own rules.");

		Skill skill = Skills.resolve(List.of("skill-authoring"), this.root).get(0);

		assertThat(skill.instructions()).isEqualTo("My own rules.");
		assertThat(skill.meta().builtin()).isFalse();
	}

	@Test
	void anUnknownNameIsAnError() {
		SkillFixtures.skill(this.root, "alpha");

		assertThatIllegalArgumentException().isThrownBy(() -> Skills.resolve(List.of("alpha", "nope"), this.root))
			.withMessage("skill not found: nope");
	}

	@Test
	void withinASetOutsideSkillsAreNotFound() {
		SkillFixtures.skill(this.root, "acme-invoice");
		Path globex = SkillFixtures.skill(this.root, "globex-report");
		SkillSet acme = SkillSet.of("acme", "acme-*");

		assertThat(Skills.resolve(List.of("acme-invoice"), this.root, acme)).extracting(Skill::name)
			.containsExactly("acme-invoice");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Skills.resolve(List.of("acme-invoice", "globex-report"), this.root, acme))
			.withMessage("skill not found: globex-report");
		assertThatIllegalArgumentException().isThrownBy(() -> Skills.resolve(List.of(globex), this.root, acme))
			.withMessage("skill not found: " + globex);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Skills.resolve(List.of(Skills.load(globex)), this.root, acme))
			.withMessage("skill not found: globex-report");
	}

	@Test
	void aFolderWithoutSkillFileIsNotASkill() {
		SkillFixtures.write(this.root.resolve("notes/README.md"), "not a skill");

		assertThatIllegalArgumentException().isThrownBy(() -> Skills.resolve(List.of("notes"), this.root))
			.withMessage("skill not found: notes");
	}

	@Test
	void aNameCannotLeaveTheSkillDirs() {
		Path dirs = this.root.resolve("dirs");
		SkillFixtures.skill(dirs, "inside");
		SkillFixtures.skill(this.root, "outside");

		assertThatIllegalArgumentException().isThrownBy(() -> Skills.resolve(List.of("../outside"), dirs))
			.withMessage("skill not found: ../outside");
	}

	@Test
	void instructionsRenderEachSkillWithItsNameAndDescription() {
		Skill data = Skills.load(SkillFixtures.skillWithFrontmatter(this.root, "data-analysis", "",
				"You are a data analyst.\n\nUse pandas."));
		Skill charts = Skills.load(SkillFixtures.skillWithFrontmatter(this.root, "charts", "", "Draw charts."));

		assertThat(Skills.instructions(List.of(data, charts))).isEqualTo("""
				### Skill: data-analysis — Does data-analysis things.

				You are a data analyst.

				Use pandas.

				### Skill: charts — Does charts things.

				Draw charts.""");
	}

	@Test
	void instructionsMarkTheCoreSkillAsSystem() {
		Skill mine = Skills.load(SkillFixtures.skill(this.root, "mine"));

		String instructions = Skills.instructions(Skills.resolve(List.of("skill-authoring", mine), this.root));

		assertThat(instructions).startsWith("### Skill: skill-authoring [system] — Write or review an Agent Skill")
			.contains("\n\n### Skill: mine — Does mine things.\n\nInstructions of mine.")
			.doesNotContain("mine [system]");
	}

	@Test
	void noSkillsRenderNothing() {
		assertThat(Skills.instructions(List.of())).isEmpty();
	}

}
