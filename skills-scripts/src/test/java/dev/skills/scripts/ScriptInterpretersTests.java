package dev.skills.scripts;

import java.util.List;
import java.util.Map;

import dev.skills.core.InvalidSkillSettingException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Only files whose extension has an interpreter run, with that interpreter and the
 * script's path inside the sandbox.
 */
class ScriptInterpretersTests {

	private final ScriptInterpreters defaults = ScriptInterpreters.of(ScriptInterpreters.DEFAULTS);

	@Test
	void defaultsRunPythonBashAndNode() {
		assertThat(this.defaults.command("scripts/fill.py")).hasValue(List.of("python3", "/skill/scripts/fill.py"));
		assertThat(this.defaults.command("run.sh")).hasValue(List.of("bash", "/skill/run.sh"));
		assertThat(this.defaults.command("a/b/c.JS")).hasValue(List.of("node", "/skill/a/b/c.JS"));
		assertThat(this.defaults.extensions()).containsExactly(".js", ".py", ".sh");
	}

	@Test
	void otherFilesDoNotRun() {
		assertThat(this.defaults.command("scripts/tool")).isEmpty();
		assertThat(this.defaults.command("scripts/.py")).isEmpty();
		assertThat(this.defaults.command("scripts.py/readme")).isEmpty();
		assertThat(this.defaults.runs("references/guide.md")).isFalse();
	}

	@Test
	void interpreterMayHaveArguments() {
		ScriptInterpreters interpreters = ScriptInterpreters.of(Map.of("PY", "/usr/bin/python3  -I"));

		assertThat(interpreters.command("x.py")).hasValue(List.of("/usr/bin/python3", "-I", "/skill/x.py"));
	}

	@Test
	void badSettingsAreRefused() {
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> ScriptInterpreters.of(Map.of(".py", "python3")))
			.withMessageContaining("without the dot");
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> ScriptInterpreters.of(Map.of("py", "$(evil) x")))
			.withMessageContaining("interpreters.py is $(evil) x");
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> ScriptInterpreters.of(Map.of("py", " ")));
	}

}
