//! Compiles the resource bundle (style sheet, icons) into the binary when the GUI is built,
//! so that a plain `cargo run` and an installed build look the same.

fn main() {
    println!("cargo:rerun-if-env-changed=TONKIN_BUILD_APP_ID");
    println!("cargo:rerun-if-env-changed=TONKIN_BUILD_PROFILE");
    println!("cargo:rerun-if-env-changed=TONKIN_BUILD_LOCALEDIR");
    if std::env::var_os("CARGO_FEATURE_GUI").is_some() {
        glib_build_tools::compile_resources(
            &["resources", "data/icons/hicolor"],
            "resources/resources.gresource.xml",
            "tonkin.gresource",
        );
    }
}
